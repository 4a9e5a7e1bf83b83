import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DeltaUploadDataSchema,
  ImportListItemSchema,
  OperatorUploadDataSchema,
  UPLOAD_ID_HEADER,
  UploadIdSchema,
  UploadStateSchema,
} from '@registry/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseOrRefuse } from '../../../lib/validation.js';
import type { MultipartForm } from '../../../lib/route-docs.js';
import type { ImportsUploadService } from './imports-upload.service.js';
import { documentFields } from './imports-upload.service.js';
import { readUploadParts } from './upload-parts.js';

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
        multipartForm: forms.operator,
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
        multipartForm: forms.delta,
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
