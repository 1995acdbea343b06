import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { FILE_PURPOSE_RULES, FILE_PURPOSES, tooLargeMessage, type FilePurpose } from '../../src/shared';
import { validationError } from '../http/app-error';
import { cleanFileName } from './kinds';
import { receiveToTemp, type ReceivedFile } from './receive';
import type { FileStore } from './store';

export interface IncomingUpload {
  purpose: FilePurpose;
  originalName: string;
  received: ReceivedFile;
}

const LARGEST_FILE = Math.max(...Object.values(FILE_PURPOSE_RULES).map((rule) => rule.maxBytes));

/** The parser's own limit stays just above every purpose's, so receiveToTemp's clearer refusal comes first. */
const PARSER_LIMITS = { files: 1, fields: 1, parts: 2, fieldSize: 100, fileSize: LARGEST_FILE + 1 };

const PARSER_REFUSALS: Record<string, string> = {
  FST_FILES_LIMIT: 'Send one file per upload.',
  FST_FIELDS_LIMIT: 'Send only the purpose field and the file.',
  FST_PARTS_LIMIT: 'Send only the purpose field and the file.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send the file as multipart/form-data.',
};

function parsePurpose(value: unknown): FilePurpose {
  if (!FILE_PURPOSES.includes(value as FilePurpose)) {
    throw validationError([{ field: 'purpose', message: `purpose must be one of ${FILE_PURPOSES.join(', ')}.` }]);
  }
  return value as FilePurpose;
}

/**
 * Reads `purpose` and then one file part into a temporary file, enforcing the purpose's size
 * limit while streaming. Any refusal removes the temporary file.
 */
export async function readUpload(request: FastifyRequest, store: FileStore): Promise<IncomingUpload> {
  let purpose: FilePurpose | undefined;
  let upload: IncomingUpload | undefined;
  try {
    for await (const part of request.parts({ limits: PARSER_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'purpose') throw validationError([{ field: part.fieldname, message: `Unknown field ${part.fieldname}.` }]);
        purpose = parsePurpose(part.value);
        continue;
      }
      if (!purpose) {
        part.file.resume();
        throw validationError([{ field: 'purpose', message: 'Send the purpose field before the file.' }]);
      }
      const received = await receiveToTemp(part.file, store.tempPath(), FILE_PURPOSE_RULES[purpose].maxBytes, tooLargeMessage(purpose));
      upload = { purpose, originalName: cleanFileName(part.filename), received };
    }
  } catch (error) {
    if (upload) await rm(upload.received.tempPath, { force: true });
    const refusal = PARSER_REFUSALS[(error as { code?: string }).code ?? ''];
    throw refusal ? validationError([{ field: 'file', message: refusal }]) : error;
  }
  if (!upload) throw validationError([{ field: purpose ? 'file' : 'purpose', message: purpose ? 'Choose a file to upload.' : 'purpose is required.' }]);
  if (upload.received.size === 0) {
    await rm(upload.received.tempPath, { force: true });
    throw validationError([{ field: 'file', message: 'The file is empty.' }]);
  }
  return upload;
}
