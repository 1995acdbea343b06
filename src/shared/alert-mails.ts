import { z } from 'zod';
import { msg } from './validation-messages';
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
    .min(1, msg.procedureRequired)
    .max(100, msg.procedureTooLong)
    .regex(/^[\w.:-]+$/, msg.procedureFormat),
  errorId: z
    .string()
    .trim()
    .min(1, msg.errorIdRequired)
    .max(100, msg.errorIdTooLong)
    .regex(/^(\*|[\w.:-]+)$/, msg.errorIdFormat),
  subtitle: z.string().overwrite(withoutControls).trim().min(1, msg.subtitleRequired).max(200, msg.subtitleTooLong),
  content: z.string().trim().min(1, msg.contentRequired).max(20_000, msg.contentTooLong),
};

function checkAlertPlaceholders(value: { subtitle: string; content: string }, context: z.core.$RefinementCtx) {
  checkPlaceholders(context, 'subtitle', value.subtitle, ALERT_MAIL_PLACEHOLDERS);
  checkPlaceholders(context, 'content', value.content, ALERT_MAIL_PLACEHOLDERS);
}

export const alertMailInput = z.strictObject(alertMailFields).superRefine(checkAlertPlaceholders);
export type AlertMailInput = z.input<typeof alertMailInput>;

/** An alert mail template. */
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
