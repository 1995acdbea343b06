/** The server's own sentence for a failed data-provider call (HttpError body = the envelope). */
export function errorText(error: unknown): string {
  const body = (error as { body?: { resultMessage?: unknown } } | undefined)?.body;
  if (typeof body?.resultMessage === 'string') return body.resultMessage;
  return error instanceof Error ? error.message : String(error);
}
