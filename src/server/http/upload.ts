import type { FastifyRequest } from 'fastify';
import { domainError } from './errors.ts';

/** Room for the multipart boundaries and part headers around one file. */
const ENVELOPE_BYTES = 64 * 1024;

export interface UploadPart {
  bytes: Buffer;
  name: string | undefined;
  type: string | undefined;
}

/**
 * Reads the one file part (named "file") of a multipart upload, stopping at `maxBytes`: a larger
 * file is refused after at most maxBytes + 1 bytes were read (and at once when Content-Length
 * already says so). The route's scope must have @fastify/multipart registered.
 */
export async function readUploadPart(req: FastifyRequest, maxBytes: number, tooLarge: () => Error): Promise<UploadPart> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge();
  if (!req.isMultipart()) throw domainError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data, in a part named "file"');
  try {
    const part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 } });
    if (!part) throw domainError('BAD_REQUEST', 'No file was sent: add one in a part named "file"');
    if (part.fieldname !== 'file') throw domainError('BAD_REQUEST', 'Send the file in a part named "file"');
    const chunks: Buffer[] = [];
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
    if (part.file.truncated) throw tooLarge();
    return { bytes: Buffer.concat(chunks), name: part.filename, type: part.mimetype };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooLarge();
    if (typeof code === 'string' && code.startsWith('FST_')) throw domainError('BAD_REQUEST', 'The upload could not be read: send multipart/form-data with one file');
    throw error;
  }
}
