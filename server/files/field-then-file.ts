import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../http/app-error';
import { cleanFileName } from './kinds';
import { receiveToTemp, type ReceivedFile } from './receive';
import type { FileStore } from './store';
import { sentence } from '../../src/i18n/serverMessage';
import type { ServerMessage } from '../../src/i18n/serverMessage';

/** The body both upload endpoints accept: one named field, then one file. */
export interface FieldThenFileShape<F> {
  field: string;
  /** The field's value as the endpoint uses it; throws a validation error to refuse it. */
  parse(value: unknown): F;
  /** Refusals when the file comes first, and when the body has no field at all. */
  fieldFirstMessage: string;
  fieldMissingMessage: string;
  /** Checked before any byte of the file is read; throws to refuse it. */
  checkFileName?(name: string): void;
  maxBytes(field: F): number;
  tooLargeMessage(field: F): ServerMessage;
  /** The multipart parser's own file limit: above every maxBytes, so receiveToTemp's clearer refusal comes first. */
  parserMaxBytes: number;
}

export interface FieldAndFile<F> {
  field: F;
  originalName: string;
  received: ReceivedFile;
}

/**
 * Reads the field and then the file into a temporary file of the store, cut off past the size
 * limit while streaming; an empty file is refused. Any refusal removes the temporary file. Errors
 * of the multipart parser itself are thrown as they are, for the endpoint to word.
 */
export async function readFieldThenFile<F>(request: FastifyRequest, store: FileStore, shape: FieldThenFileShape<F>): Promise<FieldAndFile<F>> {
  const limits = { files: 1, fields: 1, parts: 2, fieldSize: 100, fileSize: shape.parserMaxBytes };
  let field: F | undefined;
  let upload: FieldAndFile<F> | undefined;
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.fieldname !== shape.field) throw validationError([{ field: part.fieldname, message: sentence('files.unknownField', { fieldname: part.fieldname }) }]);
        field = shape.parse(part.value);
        continue;
      }
      if (field === undefined) {
        part.file.resume();
        throw validationError([{ field: shape.field, message: shape.fieldFirstMessage }]);
      }
      try {
        shape.checkFileName?.(part.filename ?? '');
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const received = await receiveToTemp(part.file, store.tempPath(), shape.maxBytes(field), shape.tooLargeMessage(field));
      upload = { field, originalName: cleanFileName(part.filename), received };
    }
  } catch (error) {
    if (upload) await rm(upload.received.tempPath, { force: true });
    throw error;
  }
  if (!upload) throw validationError([{ field: field === undefined ? shape.field : 'file', message: field === undefined ? shape.fieldMissingMessage : sentence('files.chooseAFileToUpload') }]);
  if (upload.received.size === 0) {
    await rm(upload.received.tempPath, { force: true });
    throw validationError([{ field: 'file', message: sentence('files.theFileIsEmpty') }]);
  }
  return upload;
}
