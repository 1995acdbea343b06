import type { FastifyRequest } from 'fastify';
import { FILE_PURPOSE_RULES, FILE_PURPOSES, formatBytes, type FilePurpose } from '../../src/shared';
import { validationError } from '../http/app-error';
import { readFieldThenFile } from './field-then-file';
import type { ReceivedFile } from './receive';
import type { FileStore } from './store';
import { sentence } from '../../src/i18n/serverMessage';

export interface IncomingUpload {
  purpose: FilePurpose;
  originalName: string;
  received: ReceivedFile;
}

const LARGEST_FILE = Math.max(...Object.values(FILE_PURPOSE_RULES).map((rule) => rule.maxBytes));

const PARSER_REFUSALS = new Map<string, string>(
  Object.entries({
    FST_FILES_LIMIT: sentence('files.sendOneFilePerUpload'),
    FST_FIELDS_LIMIT: sentence('files.sendOnlyThePurposeField'),
    FST_PARTS_LIMIT: sentence('files.sendOnlyThePurposeField'),
    FST_INVALID_MULTIPART_CONTENT_TYPE: sentence('files.sendTheFileAsMultipart'),
  }),
);

function parsePurpose(value: unknown): FilePurpose {
  if (!FILE_PURPOSES.includes(value as FilePurpose)) {
    throw validationError([{ field: 'purpose', message: `purpose must be one of ${FILE_PURPOSES.join(', ')}.` }]);
  }
  return value as FilePurpose;
}

/** Reads `purpose` and then one file part into a temporary file, enforcing the purpose's size limit while streaming. */
export async function readUpload(request: FastifyRequest, store: FileStore): Promise<IncomingUpload> {
  try {
    const {
      field: purpose,
      originalName,
      received,
    } = await readFieldThenFile(request, store, {
      field: 'purpose',
      parse: parsePurpose,
      fieldFirstMessage: sentence('files.sendThePurposeFieldBefore'),
      fieldMissingMessage: 'purpose is required.',
      maxBytes: (purpose) => FILE_PURPOSE_RULES[purpose].maxBytes,
      tooLargeMessage: (purpose) => sentence('files.theFileIsLargerThan', { size: formatBytes(FILE_PURPOSE_RULES[purpose].maxBytes) }),
      parserMaxBytes: LARGEST_FILE + 1,
    });
    return { purpose, originalName, received };
  } catch (error) {
    const refusal = PARSER_REFUSALS.get((error as { code?: string }).code ?? '');
    throw refusal ? validationError([{ field: 'file', message: refusal }]) : error;
  }
}
