/**
 * Drops an empty write-only secret from the request: the API keeps the stored secret when the
 * field is absent (null would clear it), so an untouched password input changes nothing.
 */
export function keepUntouchedSecret<T extends Record<string, unknown>>(source: string, data: T): T {
  const value = data[source];
  if (value !== undefined && value !== null && value !== '') return data;
  const request = { ...data };
  delete request[source];
  return request;
}
