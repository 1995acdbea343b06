import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { MANUAL_UPLOAD_MAX_BYTES, UPLOAD_FILE_NAME_MAX, formatBytes } from '../../../src/shared';
import { AppError, validationError } from '../../http/app-error';
import { detectKind } from '../../files/kinds';
import { readFieldThenFile } from '../../files/field-then-file';
import type { ReceivedFile } from '../../files/receive';
import type { FileStore } from '../../files/store';
import type { FileKindOfUpload } from './parse';
import { sentence } from '../../../src/i18n/serverMessage';

export const TOO_LARGE_MESSAGE = sentence('uploads.theFileIsLargerThan', { formatBytes: formatBytes(MANUAL_UPLOAD_MAX_BYTES) });
/** Room for the multipart framing and the datasetId field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface ManualFile {
  datasetId: number;
  originalName: string;
  kind: FileKindOfUpload;
  received: ReceivedFile;
}

function tooLarge(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, { errors: [{ field: 'file', message: TOO_LARGE_MESSAGE }] });
}

/**
 * Reads `datasetId` and then one CSV or XLSX file, streamed to a temporary file in the store and
 * cut off past the size limit (a declared Content-Length over it is refused before any byte is
 * read). The content decides the kind; any refusal removes the temporary file.
 */
export async function receiveManualFile(request: FastifyRequest, store: FileStore): Promise<ManualFile> {
  if (Number(request.headers['content-length'] ?? 0) > MANUAL_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  if (!request.isMultipart()) throw validationError([{ field: 'file', message: sentence('files.sendTheFileAsMultipart') }]);
  const upload = await readFieldThenFile(request, store, {
    field: 'datasetId',
    parse: (value) => {
      const datasetId = Number(value);
      if (!Number.isInteger(datasetId) || datasetId <= 0) throw validationError([{ field: 'datasetId', message: sentence('uploads.chooseADataset') }]);
      return datasetId;
    },
    fieldFirstMessage: sentence('uploads.sendDatasetidBeforeTheFile'),
    fieldMissingMessage: sentence('uploads.chooseADataset'),
    checkFileName: (name) => {
      if (name.length > UPLOAD_FILE_NAME_MAX) throw validationError([{ field: 'file', message: sentence('uploads.theFileNameIsLonger', { UPLOAD_FILE_NAME_MAX }) }]);
    },
    maxBytes: () => MANUAL_UPLOAD_MAX_BYTES,
    tooLargeMessage: () => TOO_LARGE_MESSAGE,
    parserMaxBytes: MANUAL_UPLOAD_MAX_BYTES + 1,
  }).catch((error) => {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError) throw error;
    // The multipart parser's own refusals (extra parts, a body cut off): the request was malformed.
    throw validationError([{ field: 'file', message: sentence('uploads.theUploadWasCutOff') }]);
  });
  const kind = detectKind(upload.received.head, upload.originalName, ['csv', 'xlsx']);
  if (!kind) {
    await rm(upload.received.tempPath, { force: true });
    throw validationError([{ field: 'file', message: sentence('datasets.isNotACsvOr', { originalName: upload.originalName }) }]);
  }
  return { datasetId: upload.field, originalName: upload.originalName, kind: kind as FileKindOfUpload, received: upload.received };
}
