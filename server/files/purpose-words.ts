import type { FilePurpose } from '../../src/shared';
import { sentence, type ServerMessage } from '../../src/i18n/serverMessage';

/** What a file of each purpose is for, in a refusal naming the purpose it was uploaded for. */
export const PURPOSE_WORDS: Record<FilePurpose, ServerMessage> = {
  'template-preview': sentence('files.purposeTemplatePreview'),
  'template-dashboard': sentence('files.purposeTemplateDashboard'),
  'email-attachment': sentence('files.purposeEmailAttachment'),
};

/** The files a purpose accepts (FILE_PURPOSE_RULES' kinds), in a refusal of a file of another kind. */
export const ACCEPTED_FILES: Record<FilePurpose, ServerMessage> = {
  'template-preview': sentence('files.aPngJpegOrWebpImage'),
  'template-dashboard': sentence('files.aTwbTwbxJsonOrPdfFile'),
  'email-attachment': sentence('files.aPdfPngJpegCsvOrXlsxFile'),
};
