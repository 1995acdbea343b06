import { z } from 'zod';
import { envelopeOf } from './envelope';
import { msg } from './validation-messages';
import type { ResourceDeclaration } from './resources/define';

/** The most records one bulk edit may change: one transaction, each record loaded, checked and recorded as a single save is. */
export const BULK_EDIT_MAX_IDS = 200;

/** A schema's object shape, through the defaults, refinements and pipes around it. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = (schema as unknown as { _zod: { def: { shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } })._zod.def;
  if (def.shape) return def.shape;
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return shapeOf(inner);
}

/** A field's rule without its default: a change that leaves a field out must not set it to its default. */
const withoutDefault = (rule: z.ZodType): z.ZodType => {
  const def = (rule as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  return def.type === 'default' && def.innerType ? def.innerType : rule;
};

/**
 * The body of PATCH <path>: the ids of the records to change and the values to set on each, only
 * the declaration's `bulkEdit` fields, at least one of them.
 */
export function bulkEditInput(declaration: Pick<ResourceDeclaration, 'bulkEdit' | 'schemas'>) {
  const shape = shapeOf(declaration.schemas.input!);
  const changes = z
    .strictObject(Object.fromEntries((declaration.bulkEdit ?? []).map((field) => [field, withoutDefault(shape[field]!).optional()])))
    .refine((values) => Object.values(values).some((value) => value !== undefined), { message: msg.required });
  return z.strictObject({
    ids: z.array(z.number().int().positive()).min(1).max(BULK_EDIT_MAX_IDS),
    changes,
  });
}

/** The bulk-editable fields of a declaration, as a type: the browser's inputs for them are typed by it. */
export type BulkField<D> = D extends { bulkEdit?: readonly (infer Field)[] } ? Field & string : never;

/** A bulk edit's answer: the records it changed. */
export const bulkEditResponse = envelopeOf(z.object({ ids: z.array(z.number()) }));

/** One record a bulk edit refused, and why in words; `data.refused` of its 409. */
export interface BulkRefusal {
  id: number;
  reason: string;
}
