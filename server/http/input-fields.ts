import type { z } from 'zod';

/** The fields of an object schema, through the refinements and pipes around it: what an edit form sends back. */
export function inputFields(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: { shape?: Record<string, unknown>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType } } })._zod.def;
  if (def.shape) return Object.keys(def.shape);
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return inputFields(inner);
}

type Def = { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType; innerType?: z.ZodType; schema?: z.ZodType; entries?: Record<string, string | number> };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a field's schema takes a number, through its default, optional and nullable wrappers. */
function takesNumber(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'number') return true;
  const inner = def.innerType ?? def.in;
  return inner !== undefined && takesNumber(inner);
}

/** The fields of an object schema that take a number (a sort no.): a table's text cell for one is read as a number. */
export function numberFields(schema: z.ZodType): Set<string> {
  const def = defOf(schema);
  if (def.shape)
    return new Set(
      Object.entries(def.shape)
        .filter(([, field]) => takesNumber(field))
        .map(([name]) => name),
    );
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return numberFields(inner);
}

/** A field's choices when its schema is an enum of words, through its default, optional and nullable wrappers. */
function choicesOf(schema: z.ZodType): string[] | undefined {
  const def = defOf(schema);
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).filter((value): value is string => typeof value === 'string');
  const inner = def.innerType ?? def.in;
  return inner === undefined ? undefined : choicesOf(inner);
}

/** The fields of an object schema that take one of a few words (a property's kind), with those words. */
export function choiceFields(schema: z.ZodType): Map<string, string[]> {
  const def = defOf(schema);
  if (def.shape) return new Map(Object.entries(def.shape).flatMap(([name, field]) => (choicesOf(field) ? [[name, choicesOf(field)!] as [string, string[]]] : [])));
  const inner = def.in ?? def.innerType ?? def.schema;
  if (!inner) throw new Error('not an object schema');
  return choiceFields(inner);
}
