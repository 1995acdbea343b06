import { FILE_PURPOSE_RULES, tooLargeMessage, type FilePurpose, type UploadedFile } from '../../shared';
import { ApiError } from '../../providers/apiError';
import { httpClient } from '../../providers/httpClient';

/** Uploads one file to the store (POST /api/files). A file over the limit is refused before it is sent. */
export async function uploadFile(file: File, purpose: FilePurpose): Promise<UploadedFile> {
  if (file.size > FILE_PURPOSE_RULES[purpose].maxBytes) {
    throw new ApiError({ status: 413, result: 'PAYLOAD_TOO_LARGE', resultMessage: tooLargeMessage(purpose) });
  }
  const form = new FormData();
  // The server reads the purpose first: it decides the accepted kinds and the size limit.
  form.append('purpose', purpose);
  form.append('file', file, file.name);
  return (await httpClient.post<UploadedFile>('/files', form)).data;
}

/** The server's reason for refusing a file, for the message next to the input. */
export function refusalOf(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  return error.fieldErrors[0]?.message ?? error.text;
}
