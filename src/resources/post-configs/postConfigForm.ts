import { postConfigInput, postHeaderSchema, TARGET_DATA_KEYS, type PostConfigInput, type TargetMethod } from '../../shared';
import { keepUntouchedSecret } from '../../components/secretTransform';
import { inputOf, zodValidator } from '../zodForm';

/** Only the target data keys the chosen method uses, and no empty optional ones (another method's leftovers are refused). */
function targetDataFor(method: TargetMethod | undefined, targetData: unknown) {
  if (!method || !TARGET_DATA_KEYS[method]) return {};
  const { required, optional } = TARGET_DATA_KEYS[method];
  const given = (targetData ?? {}) as Record<string, unknown>;
  const entries = [...required, ...optional].map((key) => [key, typeof given[key] === 'string' ? (given[key] as string).trim() : '']);
  return Object.fromEntries(entries.filter(([key, value]) => value !== '' || required.includes(key)));
}

/**
 * The request body of a form's values: declared fields only, the headers numbered by their
 * position in the list (the order the files get), and an untouched secret left out so it is kept.
 */
export function postConfigRequest(values: Record<string, unknown>): PostConfigInput {
  const body = inputOf(postConfigInput)(values);
  body.targetData = targetDataFor(body.targetMethod as TargetMethod | undefined, body.targetData);
  if (Array.isArray(body.headers)) body.headers = body.headers.map((header, index) => ({ ...inputOf(postHeaderSchema)(header ?? {}), order: index + 1 }));
  if (body.backupFlag !== 'Y' && !body.backupLocation) body.backupLocation = null;
  return keepUntouchedSecret('targetSecret', body) as PostConfigInput;
}

export const validatePostConfig = (values: Record<string, unknown>) => zodValidator(postConfigInput)(postConfigRequest(values) as Record<string, unknown>);

/** Empty text rather than absent fields, so an untouched input gets its own message. */
export const newPostConfig: Partial<PostConfigInput> = {
  dataType: '',
  targetType: '',
  targetMethod: 'LOCAL',
  targetLocation: '',
  targetData: {},
  backupFlag: 'N',
  headers: [{ code: '', type: 'STRING', inUse: 'Y', order: 1 }],
  inUse: 'Y',
};
