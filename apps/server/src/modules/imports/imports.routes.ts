import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AuditAction,
  ChangeFilePartsQuerySchema,
  ChangeFilePartsSchema,
  ChangeFileQuerySchema,
  EditImportSchema,
  IdParamsSchema,
  IdSchema,
  ImportDetailQuerySchema,
  PageQuerySchema,
  ImportChangePageSchema,
  ImportChangesQuerySchema,
  ImportFileSchema,
  ImportListItemSchema,
  ImportSchema,
  RejectSchema,
  importTabs,
  pagedSchema,
} from '@registry/shared';
import { z } from 'zod';
import type { AuditRecorder } from '../../lib/audit.js';
import {
  attachmentDisposition,
  sendXlsxStream,
  XLS_CONTENT_TYPE,
  XLSX_CONTENT_TYPE,
} from '../../lib/http-files.js';
import { fileResponse } from '../../lib/route-docs.js';
import type { ChangeFileExport } from './change-file-export.js';
import { buildChangeFileTemplate, TEMPLATE_ASCII_NAME, TEMPLATE_FILE_NAME } from './change-file-template.js';
import { servedName } from './store/file-store.js';
import type { ImportTabKey } from './imports.repository.js';
import type { ImportsService } from './imports.service.js';

const IdParams = IdParamsSchema;
const FileParams = z.object({
  id: IdSchema,
  fileId: IdSchema,
});

/** One import: its requisites read and corrected, its rejection whole, a file's details. */
const importRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
  const tags = ['imports'];

  app.get(
    '/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Импорт: реквизиты, файлы, записи по состояниям и их число по состояниям и совпадениям',
        params: IdParams,
        querystring: ImportDetailQuerySchema,
        response: { 200: ImportSchema },
      },
    },
    async (request) =>
      service.get(request.params.id, request.account!, { lists: request.query.rows === 'all' }),
  );

  app.get(
    '/:id/changes',
    {
      // Whoever sees the import sees its rows: another SRO's import is not found, as in its detail.
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Записи импорта по странице: с отбором по состоянию и совпадению с реестром',
        params: IdParams,
        querystring: ImportChangesQuerySchema,
        response: { 200: ImportChangePageSchema },
      },
    },
    async (request) => service.changes(request.params.id, request.query, request.account!),
  );

  app.put(
    '/:id',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Изменение реквизитов импорта',
        params: IdParams,
        body: EditImportSchema,
        response: { 200: ImportSchema },
      },
    },
    async (request) =>
      service.edit(request.params.id, { ...request.body, Date: request.body.Date! }, request.account!),
  );

  app.post(
    '/:id/reject',
    {
      config: { access: 'operator' },
      schema: {
        tags,
        summary: 'Отклонение импорта целиком',
        params: IdParams,
        body: RejectSchema,
        response: { 200: ImportSchema },
      },
    },
    async (request) => service.reject(request.params.id, request.body.reason, request.account!),
  );

  app.get(
    '/:id/files/:fileId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Сведения о файле импорта',
        params: FileParams,
        response: { 200: ImportFileSchema },
      },
    },
    async (request) => service.fileInfo(request.params.id, request.params.fileId, request.account!),
  );
};

export const importsRoutes: FastifyPluginAsyncZod<{
  service: ImportsService;
  changeFile: ChangeFileExport;
}> = async (app, { service, changeFile }) => {
  const tags = ['imports'];
  const listTabs: [string, ImportTabKey][] = [
    ['/', 'all'],
    ['/pending', 'pending'],
    ['/completed', 'completed'],
    ['/rejected', 'rejected'],
  ];
  for (const [url, tab] of listTabs) {
    app.get(
      url,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: `Импорты: ${importTabs[tab].title.toLowerCase()}`,
          querystring: PageQuerySchema,
          response: { 200: pagedSchema(ImportListItemSchema) },
        },
      },
      async (request) => service.list(tab, request.query.page, request.account!),
    );
  }

  app.get(
    '/template',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Шаблон файла изменений',
        response: { 200: fileResponse('Шаблон файла изменений, .xlsx', [XLSX_CONTENT_TYPE]) },
      },
    },
    async (_request, reply) =>
      reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(TEMPLATE_FILE_NAME, TEMPLATE_ASCII_NAME))
        .send(await buildChangeFileTemplate()),
  );

  app.get(
    '/change-file',
    {
      // A representative gets its own SRO's file; an operator names the SRO (the service decides).
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Файл для изменений: шаблон, заполненный стажёрами СРО, с ключами строк',
        querystring: ChangeFileQuerySchema,
        response: { 200: fileResponse('Файл для изменений, .xlsx', [XLSX_CONTENT_TYPE]) },
      },
    },
    async (request, reply) => {
      const { organizationId, part = 1 } = request.query;
      const file = await changeFile.prepare(organizationId, part, request.account!);
      return sendXlsxStream(reply, file.write, file);
    },
  );

  app.get(
    '/change-file/parts',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'На сколько частей разбит файл для изменений СРО: строк в файле не больше, чем принимает загрузка',
        querystring: ChangeFilePartsQuerySchema,
        response: { 200: ChangeFilePartsSchema },
      },
    },
    (request) => changeFile.parts(request.query.organizationId, request.account!),
  );

  await importRoutes(app, { service });
};

/** What the imports' files are: change files, their rejection files, protocols and letters, signatures. */
const storedFileTypes = [
  XLSX_CONTENT_TYPE,
  XLS_CONTENT_TYPE,
  'application/pdf',
  'application/pkcs7-signature',
];

/**
 * File contents: inline for the viewer (a PDF only), as a download, and the rejection files of rejected
 * imports and rows.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ service: ImportsService; audit: AuditRecorder }> = async (
  app,
  { service, audit },
) => {
  const tags = ['files'];
  const FileIdParams = z.object({ fileId: IdSchema });
  const variants = [
    ['/:fileId', 'Файл для просмотра в странице (PDF) или скачивания', 'inline', false],
    ['/:fileId/download', 'Скачивание файла', 'attachment', false],
    ['/rejections/:fileId', 'Скачивание файла отклонённых записей', 'attachment', true],
  ] as const;
  for (const [url, summary, disposition, rejectionOnly] of variants) {
    app.get(
      url,
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary,
          params: FileIdParams,
          response: { 200: fileResponse('Файл', storedFileTypes) },
        },
      },
      async (request, reply) => {
        const file = await service.fileContent(request.params.fileId, request.account!, { rejectionOnly });
        // A file served is a file seen: the journal notes it before the first byte leaves.
        await audit.record(null, request.account, {
          action: rejectionOnly ? AuditAction.RejectedRowsDownloaded : AuditAction.FileDownloaded,
          object: { kind: 'file', id: file.id },
          organizationId: file.organizationId,
          detail: { ImportId: file.importId, FileName: file.name },
        });
        const asciiName = `file-${file.id}.${file.extension}`;
        // Only a PDF is shown in the page; a workbook or a signature is a download wherever it is asked for.
        const type = file.extension === 'pdf' ? disposition : 'attachment';
        return reply
          .type(file.contentType)
          .header(
            'content-disposition',
            attachmentDisposition(servedName(file.name, file.extension), asciiName, type),
          )
          .header('cache-control', 'private, no-store')
          .send(file.content);
      },
    );
  }
};
