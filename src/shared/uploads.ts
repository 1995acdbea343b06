import { z } from 'zod';
import { UPLOAD_MODES } from './upload-rules';

export * from './upload-rules';

export const commitInput = z.strictObject({
  mode: z.enum(UPLOAD_MODES, 'mode must be APPEND or REPLACE.'),
});
