import { useState } from 'react';
import { useTranslate, type TranslateFunction } from 'react-admin';
import type { Envelope, FilePurpose, UploadedFile } from '../shared';
import { translatableMessage } from '../i18n/validationMessage';
import { ApiError } from '../providers/apiError';
import { useApiWrite } from './useApi';

/** The server's reason for refusing a file, in the reader's language. */
function refusalOf(error: unknown, translate: TranslateFunction): string {
  if (!(error instanceof ApiError)) return String(error);
  const fieldError = error.fieldErrors[0];
  if (!fieldError) return error.text;
  const { message, args } = translatableMessage(fieldError);
  return translate(message, args);
}

export interface FileUploadOptions {
  purpose: FilePurpose;
  /** Message key of one refusal, given `name` (the file's) and `reason`. */
  refusedMessage: string;
}

/**
 * A form input's file upload (POST /api/files, through useApiWrite): a pick is one run that sends
 * its files one after another, so `uploading` holds until the last is in. `upload` answers the files
 * the store took; `refusals` words each one it did not, for an alert beside the input, until the next
 * pick or `dismiss`. Files beyond `limit.room` (an input's own maximum) are not sent, refused with
 * `limit.tooMany`. Used by every input that uploads a file, so each refuses a file the same way.
 */
export function useFileUpload({ purpose, refusedMessage }: FileUploadOptions) {
  const translate = useTranslate();
  const { run, pending } = useApiWrite({ success: false, failure: 'inPlace' });
  const [refusals, setRefusals] = useState<string[]>([]);

  const upload = async (files: File[], limit?: { room: number; tooMany: string }): Promise<UploadedFile[]> => {
    setRefusals([]);
    const refused: string[] = [];
    const refuse = (file: File, reason: string) => refused.push(translate(refusedMessage, { name: file.name, reason }));
    const answer = await run(async (api): Promise<Envelope<UploadedFile[]>> => {
      const uploaded: UploadedFile[] = [];
      for (const file of files) {
        if (limit && uploaded.length >= limit.room) refuse(file, limit.tooMany);
        else
          try {
            uploaded.push((await api.uploadFile(file, purpose)).data);
          } catch (error) {
            // A refused file is the input's news, not the pick's failure: the others still go.
            refuse(file, refusalOf(error, translate));
          }
      }
      return { result: 'SUCCESS', resultMessage: '', data: uploaded };
    });
    setRefusals(refused);
    return answer?.data ?? [];
  };

  return { upload, uploading: pending, refusals, dismiss: () => setRefusals([]) };
}
