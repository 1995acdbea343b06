import { z } from 'zod';
import { checkPlaceholders } from './email-templates';
import { envelopeOf, listEnvelopeOf } from './envelope';
import { withoutControls } from './display-text';

/** The values a data-collection job fills an alert mail with; `summary` says what failed in a sentence. */
export const ALERT_MAIL_PLACEHOLDERS = ['procedure', 'errorId', 'summary', 'subtitle', 'detail', 'taskId', 'configId', 'configName', 'occurredAt', 'link'] as const;

/** The errorId of a procedure's catch-all template, used when no template names the error. */
export const ANY_ERROR_ID = '*';

const alertMailFields = {
  procedure: z
    .string()
    .trim()
    .min(1, 'Enter the procedure.')
    .max(100, 'The procedure is at most 100 characters.')
    .regex(/^[\w.:-]+$/, 'Use letters, digits, dots, colons, underscores or hyphens.'),
  errorId: z
    .string()
    .trim()
    .min(1, `Enter the error id, or ${ANY_ERROR_ID} for any error of the procedure.`)
    .max(100, 'The error id is at most 100 characters.')
    .regex(/^(\*|[\w.:-]+)$/, `Use letters, digits, dots, colons, underscores or hyphens, or ${ANY_ERROR_ID} alone.`),
  subtitle: z.string().overwrite(withoutControls).trim().min(1, 'Enter the subtitle.').max(200, 'The subtitle is at most 200 characters.'),
  content: z.string().trim().min(1, 'Enter the content.').max(20_000, 'The content is at most 20,000 characters.'),
};

function checkAlertPlaceholders(value: { subtitle: string; content: string }, context: z.core.$RefinementCtx) {
  checkPlaceholders(context, 'subtitle', value.subtitle, ALERT_MAIL_PLACEHOLDERS);
  checkPlaceholders(context, 'content', value.content, ALERT_MAIL_PLACEHOLDERS);
}

export const alertMailInput = z.strictObject(alertMailFields).superRefine(checkAlertPlaceholders);
export type AlertMailInput = z.input<typeof alertMailInput>;

/** SPEC §3 "Alert mail template". */
export const alertMailSchema = z.object({
  id: z.number(),
  procedure: z.string(),
  errorId: z.string(),
  subtitle: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AlertMail = z.infer<typeof alertMailSchema>;
export const alertMailListResponse = listEnvelopeOf(alertMailSchema);
export const alertMailResponse = envelopeOf(alertMailSchema);
