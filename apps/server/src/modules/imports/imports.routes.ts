import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeltaUploadDataSchema,
  EditImportSchema,
  IdParamsSchema,
  IdSchema,
  PageQuerySchema,
  ImportFileSchema,
  ImportListItemSchema,
  ImportSchema,
  OperatorUploadDataSchema,
  RejectSchema,
  UPLOAD_ID_HEADER,
  UploadIdSchema,
  UploadStateSchema,
  pagedSchema,
} from '@registry/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { attachmentDisposition, XLSX_CONTENT_TYPE } from '../../lib/http-files.js';
import { parseOrRefuse } from '../../lib/validation.js';
import { fileResponse, multipartForm, type MultipartForm } from '../../plugins/openapi.js';
import type { ImportsUploadService } from './imports-upload.service.js';
import { documentFields } from './imports-upload.service.js';
import { servedName } from './file-store.js';
import type { ImportTabKey } from './imports.repository.js';
import type { ImportsService } from './imports.service.js';
import { readUploadParts } from './upload-parts.js';

const IdParams = IdParamsSchema;
const FileParams = z.object({
  id: IdSchema,
  fileId: IdSchema,
});

export const importsRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
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
        schema: { tags, querystring: PageQuerySchema, response: { 200: pagedSchema(ImportListItemSchema) } },
      },
      async (request) => service.list(tab, request.query.page, request.account!),
    );
  }

  app.get(
    '/:id',
    { config: { access: 'signed-in' }, schema: { tags, params: IdParams, response: { 200: ImportSchema } } },
    async (request) => service.get(request.params.id, request.account!),
  );

  app.put(
    '/:id',
    {
      config: { access: 'operator' },
      schema: { tags, params: IdParams, body: EditImportSchema, response: { 200: ImportSchema } },
    },
    async (request) =>
      service.edit(request.params.id, { ...request.body, Date: request.body.Date! }, request.account!),
  );

  app.post(
    '/:id/reject',
    {
      config: { access: 'operator' },
      schema: { tags, params: IdParams, body: RejectSchema, response: { 200: ImportSchema } },
    },
    async (request) => service.reject(request.params.id, request.body.reason, request.account!),
  );

  app.get(
    '/:id/files/:fileId',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: FileParams, response: { 200: ImportFileSchema } },
    },
    async (request) => service.fileInfo(request.params.id, request.params.fileId, request.account!),
  );
};

/** The two upload forms as the OpenAPI document describes them (readUploadParts reads them). */
function uploadForms(maxExcelBytes: number, maxDocumentBytes: number) {
  const megabytes = (bytes: number) => `не больше ${Math.round(bytes / 1_048_576)} МБ`;
  const file = { description: `Файл изменений: .xlsx или .xls, ${megabytes(maxExcelBytes)}`, required: true };
  const pdf = (title: string) => ({
    description: `${title}: PDF, ${megabytes(maxDocumentBytes)}`,
    required: true,
  });
  const signature = (title: string) => ({
    description: `${title}: откреплённая подпись PKCS#7 (.sig), ${megabytes(maxDocumentBytes)}`,
    required: false,
  });
  return {
    operator: {
      data: {
        schema: OperatorUploadDataSchema,
        example: { importSchools: false, organizationId: 1, number: '15/2', date: '2025-03-14' },
      },
      files: { file },
    },
    delta: {
      data: { schema: DeltaUploadDataSchema, example: { Number: '15/2', Date: '2025-03-14' } },
      files: {
        file,
        protocol: pdf('Протокол'),
        letter: pdf('Сопроводительное письмо'),
        protocolSignature: signature('Подпись протокола'),
        letterSignature: signature('Подпись письма'),
      },
    },
  } satisfies Record<string, MultipartForm>;
}

/** The id the uploader named its upload with (UPLOAD_ID_HEADER), to ask how far its check is; optional. */
function uploadIdOf(request: FastifyRequest): string | null {
  const value = request.headers[UPLOAD_ID_HEADER];
  return value === undefined ? null : parseOrRefuse(UploadIdSchema, value);
}

/** Uploads: an operator's (`POST /`) and an SRO representative's with its documents (`POST /delta`). */
export const uploadRoutes: FastifyPluginAsyncZod<{
  uploads: ImportsUploadService;
  maxExcelBytes: number;
  maxDocumentBytes: number;
}> = async (app, { uploads, maxExcelBytes, maxDocumentBytes }) => {
  const tags = ['imports'];
  const forms = uploadForms(maxExcelBytes, maxDocumentBytes);
  app.post(
    '/',
    {
      config: {
        access: 'operator',
        swaggerTransform: multipartForm(forms.operator),
      },
      schema: {
        tags,
        summary: 'Загрузка файла изменений оператором (за СРО organizationId)',
        response: { 201: ImportListItemSchema },
      },
    },
    async (request, reply) => {
      const parts = await readUploadParts(request, { fileFields: ['file'], maxBytes: maxExcelBytes });
      const data = parseOrRefuse(OperatorUploadDataSchema, parts.data ?? {});
      const created = await uploads.uploadByOperator(
        request.account!,
        data,
        parts.files.get('file'),
        uploadIdOf(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/delta',
    {
      config: {
        access: 'organization',
        swaggerTransform: multipartForm(forms.delta),
      },
      schema: {
        tags,
        summary: 'Загрузка файла изменений представителем СРО, с протоколом и письмом',
        response: { 201: ImportListItemSchema },
      },
    },
    async (request, reply) => {
      const parts = await readUploadParts(request, {
        fileFields: ['file', ...documentFields],
        maxBytes: Math.max(maxExcelBytes, maxDocumentBytes),
      });
      const data = parseOrRefuse(DeltaUploadDataSchema, parts.data ?? {});
      const created = await uploads.uploadByOrganization(
        request.account!,
        { Number: data.Number, Date: data.Date! },
        parts.files,
        uploadIdOf(request),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/uploads/:uploadId',
    {
      // Anyone signed in may ask; only the upload's own account gets its state (upload-states.ts).
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: `Состояние проверки своей загрузки, названной заголовком ${UPLOAD_ID_HEADER}: в очереди или проверяется`,
        params: z.object({ uploadId: UploadIdSchema }),
        response: { 200: UploadStateSchema },
      },
    },
    async (request) => uploads.uploadState(request.params.uploadId, request.account!),
  );
};

/** What the imports' files are: change files, their rejection files, protocols and letters, signatures. */
const storedFileTypes = [
  XLSX_CONTENT_TYPE,
  'application/vnd.ms-excel',
  'application/pdf',
  'application/pkcs7-signature',
];

/**
 * File contents: inline for the viewer (a PDF only), as a download, and the rejection files of rejected
 * imports and rows.
 */
export const filesRoutes: FastifyPluginAsyncZod<{ service: ImportsService }> = async (app, { service }) => {
  const tags = ['files'];
  const FileIdParams = z.object({ fileId: IdSchema });
  const variants = [
    ['/:fileId', 'inline', false],
    ['/:fileId/download', 'attachment', false],
    ['/rejections/:fileId', 'attachment', true],
  ] as const;
  for (const [url, disposition, rejectionOnly] of variants) {
    app.get(
      url,
      {
        config: { access: 'signed-in' },
        schema: { tags, params: FileIdParams, response: { 200: fileResponse('Файл', storedFileTypes) } },
      },
      async (request, reply) => {
        const file = await service.fileContent(request.params.fileId, request.account!, { rejectionOnly });
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
