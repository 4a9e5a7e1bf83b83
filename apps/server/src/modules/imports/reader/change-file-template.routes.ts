import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition, XLSX_CONTENT_TYPE } from '../../../lib/http-files.js';
import { fileResponse } from '../../../plugins/openapi.js';
import { buildChangeFileTemplate, TEMPLATE_ASCII_NAME, TEMPLATE_FILE_NAME } from './change-file-template.js';

/** `GET /api/v1/imports/template`: the change-file template, for operators and SRO representatives. */
export const changeFileTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/template',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['imports'],
        response: { 200: fileResponse('Шаблон файла изменений, .xlsx', [XLSX_CONTENT_TYPE]) },
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(TEMPLATE_FILE_NAME, TEMPLATE_ASCII_NAME))
        .send(await buildChangeFileTemplate()),
  );
};
