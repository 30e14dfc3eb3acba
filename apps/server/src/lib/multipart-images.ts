import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { invalid } from './errors.js';
import { acceptUploadedImage, type AcceptedImage } from './image-intake.js';

export interface ImagesFormLimits {
  /** the file field's name; every file must come under it */
  fileField: string;
  maxFiles: number;
  maxBytes: number;
}

/**
 * A multipart form of text fields and up to `maxFiles` images (SPEC section 5: png or jpg, at most 5 MB
 * each, at most 3). The text fields are checked by the contract's schema, each image by decoding it
 * (lib/image-intake, sharp): a renamed non-image, a 6 MB file or a fourth image is refused with the
 * field's error before anything is stored. Register @fastify/multipart with `files: maxFiles + 1` and
 * `fileSize: maxBytes` in the route's scope, so a fourth file and an oversized one are seen here.
 */
export async function readImagesForm<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
  limits: ImagesFormLimits,
): Promise<{ fields: z.infer<S>; images: AcceptedImage[] }> {
  if (!request.isMultipart()) throw invalid([{ path: '', message: 'validation.multipartRequired' }]);
  const values: Record<string, string> = {};
  const files: Buffer[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== limits.fileField) {
          await part.toBuffer();
          throw invalid([{ path: part.fieldname, message: 'validation.unknownField' }]);
        }
        if (files.length >= limits.maxFiles) {
          throw invalid([
            { path: limits.fileField, message: 'validation.tooManyImages', params: { max: limits.maxFiles } },
          ]);
        }
        files.push(await part.toBuffer());
      } else if (typeof part.value === 'string') {
        values[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) {
      throw invalid([
        {
          path: limits.fileField,
          message: 'validation.fileTooLarge',
          params: { max: limits.maxBytes, maxMb: limits.maxBytes / 1024 / 1024 },
        },
      ]);
    }
    if (error instanceof request.server.multipartErrors.FilesLimitError) {
      throw invalid([
        { path: limits.fileField, message: 'validation.tooManyImages', params: { max: limits.maxFiles } },
      ]);
    }
    throw error;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    );
  }
  const images: AcceptedImage[] = [];
  for (const [index, bytes] of files.entries()) {
    images.push(await acceptUploadedImage(bytes, `${limits.fileField}.${index}`));
  }
  return { fields: parsed.data as z.infer<S>, images };
}
