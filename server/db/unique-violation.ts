/** True for a unique-constraint failure on either engine (a race the pre-check did not see). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** True for a foreign-key failure on either engine: a row written back whose parent is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * The write's result; when it fails on a unique constraint (a race the pre-check did not see), the
 * caller's own error, such as a 409 naming the duplicate field. Any other failure passes through.
 */
export function rejectDuplicate<T>(write: Promise<T>, duplicate: () => Error): Promise<T> {
  return write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? duplicate() : error;
  });
}
