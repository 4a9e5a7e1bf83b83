import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccountStatsSchema, LoginRequestSchema, SessionInfoSchema } from '@registry/shared';
import { SESSION_COOKIE, type SessionCookies } from '../../lib/session.js';
import { noContent } from '../../lib/route-docs.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{
  service: AccountService;
  cookies: SessionCookies;
}> = async (app, { service, cookies }) => {
  app.post(
    '/login',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['account'],
        summary: 'Вход по логину и паролю',
        body: LoginRequestSchema,
        response: { 200: SessionInfoSchema },
      },
    },
    async (request, reply) => {
      const { token, account } = await service.login(request.body.Id, request.body.Password, request.ip);
      cookies.set(reply, token);
      return service.sessionInfo(account);
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['account'],
        summary: 'Выход',
        response: { 204: noContent('Сессия закрыта, cookie удалена') },
      },
    },
    async (request, reply) => {
      await service.logout(request.cookies[SESSION_COOKIE]);
      cookies.clear(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/',
    {
      config: { access: 'anyone' },
      schema: {
        tags: ['account'],
        summary: 'Кто вошёл: пользователь, его роль и СРО',
        response: { 200: SessionInfoSchema },
      },
    },
    async (request) => service.sessionInfo(request.account),
  );

  app.get(
    '/stats',
    {
      config: { access: 'operator' },
      schema: {
        tags: ['account'],
        summary: 'Сколько стажёров в реестре и импортов ждут обработки',
        response: { 200: AccountStatsSchema },
      },
    },
    async () => service.stats(),
  );
};
