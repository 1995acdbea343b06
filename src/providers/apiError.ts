import { GENERIC_ERROR_MESSAGE, GENERIC_ERROR_TITLE, type Envelope, type FieldError } from '../shared';

/** A failed call, carrying what SPEC §8 shows: title = result (or error code), text = resultMessage (or error message). */
export class ApiError extends Error {
  readonly status: number;
  readonly result?: string;
  readonly resultMessage?: string;
  readonly data: unknown;
  readonly title: string;
  readonly text: string;

  constructor(init: { status: number; result?: string; resultMessage?: string; data?: unknown; code?: string; message?: string }) {
    const title = init.result || init.code || GENERIC_ERROR_TITLE;
    const text = init.result ? init.resultMessage || GENERIC_ERROR_MESSAGE : init.message || GENERIC_ERROR_MESSAGE;
    super(text);
    this.name = 'ApiError';
    this.status = init.status;
    this.result = init.result;
    this.resultMessage = init.resultMessage;
    this.data = init.data;
    this.title = title;
    this.text = text;
  }

  /** Field errors of a 400 VALIDATION_ERROR (DESIGN §3: data.errors). */
  get fieldErrors(): FieldError[] {
    const errors = (this.data as { errors?: unknown } | null | undefined)?.errors;
    return Array.isArray(errors) ? (errors as FieldError[]) : [];
  }
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).result === 'string';
}

/** Errors raised before any response arrived, named like the browser clients of SPEC §8 name them. */
export function clientSideError(cause: unknown, timedOut: boolean, timeoutMs: number): ApiError {
  if (timedOut) return new ApiError({ status: 0, code: 'ECONNABORTED', message: `timeout of ${timeoutMs}ms exceeded` });
  if (cause instanceof DOMException && cause.name === 'AbortError') {
    return new ApiError({ status: 0, code: 'ERR_CANCELED', message: 'Request aborted' });
  }
  return new ApiError({ status: 0, code: 'ERR_NETWORK', message: 'Network Error' });
}
