import type { z } from 'zod';

/** The fields of an object schema, through the refinements and pipes around it: what an edit form sends back. */
export function inputFields(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } })._zod.def;
  if (def.shape) return Object.keys(def.shape);
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return inputFields(inner);
}
