import { z } from 'zod';
import { msg } from './validation-messages';
import { envelopeOf } from './envelope';

export * from './file-rules';

/** File ids are random UUIDs: knowing one file's id tells nothing about another's. */
export const fileIdSchema = z.uuid(msg.fileId);

/** An uploaded file. `url` carries a short-lived download token so an <img> can load it. */
export const uploadedFileSchema = z.object({
  fileId: z.string(),
  originalName: z.string(),
  type: z.string(),
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
export const uploadedFileResponse = envelopeOf(uploadedFileSchema);
