import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { OfferedTerm, TokenPair, UploadProgress, emptyEnvelope, profileResponse, signInOtpResponse, uploadProgressResponse } from '../shared';
import { authActions } from './authActions';
import { consoleActions } from './consoleActions';

/**
 * The actions are typed by the response schemas their routes declare, so their
 * answers cannot drift from what the server sends: these checks fail `tsc -b`, not the test run.
 */
type Answer<Action extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Action>>;

describe('action answers', () => {
  it('are the envelope the route’s response schema declares', () => {
    expectTypeOf<Answer<typeof consoleActions.getProfile>>().toEqualTypeOf<z.output<typeof profileResponse>>();
    expectTypeOf<Answer<typeof authActions.resetPassword>>().toEqualTypeOf<z.output<typeof emptyEnvelope>>();
    expectTypeOf<Answer<typeof authActions.resetPassword>['data']>().toBeNull();
  });

  it('tell a sign-in that needs the terms agreed from a signed-in one by result', () => {
    type SignInAnswer = Answer<typeof authActions.verifySignInCode>;
    expectTypeOf<SignInAnswer>().toEqualTypeOf<z.output<typeof signInOtpResponse>>();
    expectTypeOf<Extract<SignInAnswer, { result: 'SUCCESS' }>['data']>().toEqualTypeOf<TokenPair>();
    expectTypeOf<Extract<SignInAnswer, { result: 'TERMS_UPDATED' }>['data']>().toEqualTypeOf<{ verificationToken: string; terms: OfferedTerm[] }>();
  });

  it('give an upload’s phase only while it runs', () => {
    type Progress = Answer<typeof consoleActions.getUploadProgress>['data'];
    expectTypeOf<Progress>().toEqualTypeOf<z.output<typeof uploadProgressResponse>['data']>();
    expectTypeOf<Omit<Extract<Progress, { running: true }>, 'running'>>().toEqualTypeOf<UploadProgress>();
    expectTypeOf<Extract<Progress, { running: false }>['phase']>().toBeNull();
  });
});
