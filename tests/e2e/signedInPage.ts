import { preferKorean } from './axeSurvey';
import { signInThroughPage, watchProblems, type E2e } from './harness';

/**
 * A new browser of `width` signed in as `email` through the sign-in page, in English or Korean, and
 * on the home page; its console errors and failed requests collected in `problems`.
 */
export async function signedInPage(e2e: E2e, email: string, password: string, width: number, language: 'en' | 'ko') {
  const opened = await e2e.newPage({ width, height: 900 });
  const problems = watchProblems(opened.page);
  if (language === 'ko') await preferKorean(opened.page);
  await signInThroughPage(e2e, opened.page, email, password);
  await opened.page.waitForURL((url) => url.pathname === '/');
  return { ...opened, problems };
}
