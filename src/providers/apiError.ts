import type { Envelope, FieldError } from '../shared/envelope';
import { GENERIC_ERROR_MESSAGE, GENERIC_ERROR_TITLE, RESULT_STATUS } from '../shared/results';

/** Codes of the errors raised without an envelope to read (clientSideError, httpClient), named like the browser clients name them. */
export const CLIENT_ERROR_CODES = ['ECONNABORTED', 'ERR_CANCELED', 'ERR_NETWORK', 'ERR_BAD_RESPONSE', 'ERR_BAD_REQUEST'] as const;

/** Every code a failure can carry that has a title in words (console.result.<code>). */
export const TITLED_CODES: readonly string[] = [...Object.keys(RESULT_STATUS), ...CLIENT_ERROR_CODES];

/** The translation key of a failure's title: the code in words, or the Generic Error for a code nobody named. */
export function resultTitleKey(code: string | undefined): string {
  return code && TITLED_CODES.includes(code) ? `console.result.${code}` : 'console.result.generic';
}

/**
 * A failed call, carrying what the console shows: title = result (or error code), shown in words through
 * titleKey; text = resultMessage (or error message); the code itself stays for support.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly result?: string;
  readonly resultMessage?: string;
  readonly data: unknown;
  /** The result code, or the client error code when no answer arrived; undefined when neither is known. */
  readonly code?: string;
  readonly text: string;

  constructor(init: { status: number; result?: string; resultMessage?: string; data?: unknown; code?: string; message?: string }) {
    const text = init.result ? init.resultMessage || GENERIC_ERROR_MESSAGE : init.message || GENERIC_ERROR_MESSAGE;
    super(text);
    this.name = 'ApiError';
    this.status = init.status;
    this.result = init.result;
    this.resultMessage = init.resultMessage;
    this.data = init.data;
    this.code = init.result || init.code || undefined;
    this.text = text;
  }

  get titleKey(): string {
    return resultTitleKey(this.code);
  }

  /**
   * True when no server sentence explains the failure: a browser client's own English ("Network
   * Error", "Request failed with status code 502"), a failure without a code, or an answer without a
   * message. The console then says in the reader's language what it means (console.result.explain)
   * and keeps the text for support.
   */
  get textIsTechnical(): boolean {
    if (this.text === GENERIC_ERROR_MESSAGE) return true;
    if (this.result) return false;
    return this.code === undefined || (CLIENT_ERROR_CODES as readonly string[]).includes(this.code);
  }

  /** The translation key of what a technical failure means for the reader. */
  get explainKey(): string {
    return this.code && (CLIENT_ERROR_CODES as readonly string[]).includes(this.code) ? `console.result.explain.${this.code}` : 'console.result.explain.generic';
  }

  /**
   * One line for places that carry only a string (react-admin's HttpError message, which its
   * controllers pass to notify): `CODE: text`, read back by fromSummary for the toast.
   */
  get summary(): string {
    return `${this.code ?? GENERIC_ERROR_TITLE}: ${this.text}`;
  }

  /** The failure a summary describes (an unknown code still titles as Generic Error), or undefined for any other line. */
  static fromSummary(line: string): ApiError | undefined {
    const match = /^([A-Z][A-Z0-9_]*): ([\s\S]*)$/.exec(line);
    if (match) return new ApiError({ status: 0, code: match[1], message: match[2] });
    const generic = `${GENERIC_ERROR_TITLE}: `;
    return line.startsWith(generic) ? new ApiError({ status: 0, message: line.slice(generic.length) }) : undefined;
  }

  /** Field errors of a 400 VALIDATION_ERROR (docs/api.md: data.errors). */
  get fieldErrors(): FieldError[] {
    const errors = (this.data as { errors?: unknown } | null | undefined)?.errors;
    return Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).result === 'string';
}

/** Errors raised before any response arrived, named as axios names them. */
export function clientSideError(cause: unknown, timedOut: boolean, timeoutMs: number): ApiError {
  if (timedOut) return new ApiError({ status: 0, code: 'ECONNABORTED', message: `timeout of ${timeoutMs}ms exceeded` });
  if (cause instanceof DOMException && cause.name === 'AbortError') {
    return new ApiError({ status: 0, code: 'ERR_CANCELED', message: 'Request aborted' });
  }
  return new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' });
}
