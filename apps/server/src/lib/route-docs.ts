import type { Readable } from 'node:stream';
import { z } from 'zod';

/*
 * What a route says about itself for the API's document (plugins/openapi.ts builds it): responses that are
 * files or empty, and the multipart forms a route reads itself. Documentation only: none of it reaches
 * validation or serialization.
 */

/** File contents: sent as bytes or a stream, never serialized; described as binary. */
const fileContent = z
  .custom<Buffer | Readable>(() => true)
  .meta({ type: 'string', format: 'binary', description: 'Содержимое файла' });

/**
 * A file as the success response: the bytes in one of `contentTypes`, with its name in Content-Disposition.
 * The handler sends a Buffer or a stream, which Fastify passes as it is.
 */
export function fileResponse(description: string, contentTypes: readonly string[]) {
  const content: Record<string, { schema: typeof fileContent }> = {};
  for (const type of contentTypes) content[type] = { schema: fileContent };
  return { description, content };
}

/** A success response without a body (204). */
export const noContent = (description: string) => z.undefined().describe(description);

/** A page of HTML, for the reference page. */
export const htmlResponse = (description: string) => ({
  description,
  content: { 'text/html': { schema: z.string() } },
});

export interface FormFile {
  description: string;
  required: boolean;
}

export interface MultipartForm {
  /** The shape of the JSON in the `data` field, and an example of it. */
  data: { schema: z.ZodObject; example: Record<string, unknown> };
  files: Record<string, FormFile>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The multipart form the route reads itself (readUploadParts), described in the document only. */
    multipartForm?: MultipartForm;
  }
}
