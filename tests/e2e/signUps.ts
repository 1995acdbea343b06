import { expect } from 'vitest';
import type { E2e } from './harness';

/** A public API call as the browser makes it: GET without a body, POST with JSON; the envelope back. */
export async function callApi(e2e: E2e, path: string, body?: unknown) {
  const response = await fetch(`${e2e.baseUrl}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return response.json();
}

export interface SignUp {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  requestComment?: string;
}

/** A sign-up through the public API, as the sign-up page makes it: code, verification, every term agreed. */
export async function signUpThroughApi(e2e: E2e, { email, password, firstName, lastName, requestComment }: SignUp) {
  await callApi(e2e, '/auth/otp', { email });
  const verified = await callApi(e2e, '/auth/otp/verification', { email, code: await e2e.lastCode(email) });
  const terms = await callApi(e2e, '/auth/terms');
  const answer = await callApi(e2e, '/auth/signup', {
    verificationToken: verified.data.verificationToken,
    password,
    firstName,
    lastName,
    company: 'AGENCY',
    region: 'APAC',
    office: 'KR',
    requestComment,
    agreedTermVersionIds: terms.data.map((term: { termVersionId: number }) => term.termVersionId),
  });
  expect(answer.result).toBe('SUCCESS');
}
