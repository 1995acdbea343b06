import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminContext, localStorageStore, useLocaleState, useTranslate } from 'react-admin';
import { i18nProvider } from './i18nProvider';

// A reload also brings a fresh provider module; this file shares one, so put it back in English.
afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  await i18nProvider.changeLocale('en');
});

function SignInTitle() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return <h1 lang={locale}>{translate('console.signIn.title')}</h1>;
}

/** A fresh store and context, as after a page reload: only localStorage carries over. */
function renderAfterReload() {
  return render(
    <AdminContext store={localStorageStore()} i18nProvider={i18nProvider}>
      <SignInTitle />
    </AdminContext>,
  );
}

function chooseLocaleInEarlierSession(locale: string) {
  const store = localStorageStore();
  store.setup();
  store.setItem('locale', locale);
  store.teardown();
}

describe('stored locale', () => {
  it('applies a Korean choice stored by an earlier session before the first render', async () => {
    chooseLocaleInEarlierSession('ko');
    renderAfterReload();
    const title = await screen.findByRole('heading');
    expect(title).toHaveTextContent('로그인');
    expect(title).toHaveAttribute('lang', 'ko');
    expect(document.documentElement).toHaveAttribute('lang', 'ko');
  });

  it('uses English when nothing is stored', async () => {
    renderAfterReload();
    expect(await screen.findByRole('heading')).toHaveTextContent('Sign in');
  });
});
