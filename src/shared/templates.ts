import { z } from 'zod';
import { msg } from './validation-messages';
import { activeFlag } from './fields';
import { fileIdSchema, uploadedFileSchema } from './files';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { withoutControls } from './display-text';

export const MAX_TEMPLATE_PREVIEWS = 10;

export const templateInput = z.strictObject({
  name: z.string().overwrite(withoutControls).trim().min(1, msg.nameRequired).max(100, msg.atMostCharacters),
  dataType: z
    .string()
    .trim()
    .min(1, msg.dataTypeRequired)
    .max(20)
    .transform((value) => value.toUpperCase()),
  description: z.string().trim().max(1000, msg.atMostCharacters).nullish(),
  status: activeFlag.default('Y'),
  /** The dashboard file (purpose template-dashboard), if any. */
  fileId: fileIdSchema.nullish(),
  /**
   * Preview images in display order; objects so a read record can be sent back as it is: the read
   * fields are accepted and ignored, any other key refused, as in every body.
   */
  previews: z
    .array(z.strictObject({ fileId: fileIdSchema, originalName: z.string().max(300).optional(), type: z.string().max(200).optional(), url: z.string().max(2000).optional() }))
    .max(MAX_TEMPLATE_PREVIEWS, msg.atMostPreviews)
    .refine((previews) => new Set(previews.map((preview) => preview.fileId)).size === previews.length, msg.previewOnce)
    .default([]),
});
export type TemplateInput = z.input<typeof templateInput>;

/** A dashboard template; `file` is the dashboard file and `previews` the ordered preview images. */
export const templateSchema = z.object({
  id: z.number(),
  name: z.string(),
  dataType: z.string(),
  dataTypeName: z.string().nullable(),
  description: z.string().nullable(),
  status: activeFlag,
  fileId: z.string().nullable(),
  file: uploadedFileSchema.nullable(),
  previews: z.array(uploadedFileSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateListResponse = listEnvelopeOf(templateSchema);
export const templateResponse = envelopeOf(templateSchema);

/** A project may only be built on an active template (status N cannot be chosen). */
export function isSelectableTemplate(template: Pick<Template, 'status'>): boolean {
  return template.status === 'Y';
}
