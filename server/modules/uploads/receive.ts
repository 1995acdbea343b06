import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { MANUAL_UPLOAD_MAX_BYTES, UPLOAD_FILE_NAME_MAX, formatBytes } from '../../../src/shared';
import { AppError, validationError } from '../../http/app-error';
import { cleanFileName, detectKind } from '../../files/kinds';
import { receiveToTemp, type ReceivedFile } from '../../files/receive';
import type { FileStore } from '../../files/store';
import type { FileKindOfUpload } from './parse';

export const TOO_LARGE_MESSAGE = `The file is larger than ${formatBytes(MANUAL_UPLOAD_MAX_BYTES)}; split it into smaller files.`;
/** Room for the multipart framing and the datasetId field around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
const PARSER_LIMITS = { files: 1, fields: 1, parts: 2, fieldSize: 100, fileSize: MANUAL_UPLOAD_MAX_BYTES + 1 };

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
  if (!request.isMultipart()) throw validationError([{ field: 'file', message: 'Send the file as multipart/form-data.' }]);
  let datasetId: number | undefined;
  let upload: ManualFile | undefined;
  try {
    for await (const part of request.parts({ limits: PARSER_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'datasetId') throw validationError([{ field: part.fieldname, message: `Unknown field ${part.fieldname}.` }]);
        datasetId = Number(part.value);
        if (!Number.isInteger(datasetId) || datasetId <= 0) throw validationError([{ field: 'datasetId', message: 'Choose a dataset.' }]);
        continue;
      }
      if (datasetId === undefined) {
        part.file.resume();
        throw validationError([{ field: 'datasetId', message: 'Send datasetId before the file.' }]);
      }
      if ((part.filename ?? '').length > UPLOAD_FILE_NAME_MAX) {
        part.file.resume();
        throw validationError([{ field: 'file', message: `The file name is longer than ${UPLOAD_FILE_NAME_MAX} characters; rename the file.` }]);
      }
      const received = await receiveToTemp(part.file, store.tempPath(), MANUAL_UPLOAD_MAX_BYTES, TOO_LARGE_MESSAGE);
      upload = { datasetId, originalName: cleanFileName(part.filename), kind: 'csv', received };
    }
  } catch (error) {
    if (upload) await rm(upload.received.tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (error instanceof AppError) throw error;
    // The multipart parser's own refusals (extra parts, a body cut off): the request was malformed.
    throw validationError([{ field: 'file', message: 'The upload was cut off or is not valid multipart/form-data; send datasetId and one file.' }]);
  }
  if (!upload) throw validationError([{ field: datasetId === undefined ? 'datasetId' : 'file', message: datasetId === undefined ? 'Choose a dataset.' : 'Choose a file to upload.' }]);
  const refuse = async (message: string) => {
    await rm(upload!.received.tempPath, { force: true });
    return validationError([{ field: 'file', message }]);
  };
  if (upload.received.size === 0) throw await refuse('The file is empty.');
  const kind = detectKind(upload.received.head, upload.originalName, ['csv', 'xlsx']);
  if (!kind) throw await refuse(`${upload.originalName} is not a CSV or XLSX file.`);
  return { ...upload, kind: kind as FileKindOfUpload };
}
