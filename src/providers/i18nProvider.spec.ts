import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18nProvider, loadResourceMessages } from './i18nProvider';

describe('i18nProvider', () => {
  afterEach(() => i18nProvider.changeLocale('en'));

  it('starts in English', () => {
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.translate('console.menu.project')).toBe('Project');
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
  });

  it("adds the resources' English labels when the frame loads them, keeping a Korean choice made meanwhile", async () => {
    // The sign-in page's catalogue has no resource labels: a key shows as itself until they load.
    expect(i18nProvider.translate('resources.domains.fields.domain')).toBe('resources.domains.fields.domain');
    const korean = i18nProvider.changeLocale('ko');
    await loadResourceMessages();
    await korean;
    expect(i18nProvider.getLocale()).toBe('ko');
    expect(i18nProvider.translate('resources.domains.fields.domain')).not.toBe('resources.domains.fields.domain');
    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('resources.domains.fields.domain')).toBe('Domain');
  });

  it('offers English and Korean', () => {
    expect(i18nProvider.getLocales?.()).toEqual([
      { locale: 'en', name: 'English' },
      { locale: 'ko', name: '한국어' },
    ]);
  });

  it('switches to Korean and back', async () => {
    await i18nProvider.changeLocale('ko');
    expect(i18nProvider.getLocale()).toBe('ko');
    expect(i18nProvider.translate('console.menu.project')).toBe('프로젝트');
    expect(i18nProvider.translate('ra.action.save')).toBe('저장');
    expect(i18nProvider.translate('console.validation.otpRequired')).toBe('인증번호를 입력해 주세요');
    expect(i18nProvider.translate('console.otp.sent', { email: 'a@b.co' })).toBe('a@b.co(으)로 6자리 인증번호를 보냈습니다.');

    await i18nProvider.changeLocale('en');
    expect(i18nProvider.translate('console.menu.project')).toBe('Project');
  });

  it('tells one Korean item from many', async () => {
    await i18nProvider.changeLocale('ko');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('항목 1개 선택됨');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('항목 3개 선택됨');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 1 })).toBe('삭제했습니다');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 4 })).toBe('4개 항목을 삭제했습니다');
  });

  it('shows a missing key as the key itself', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(i18nProvider.translate('console.noSuchLabel')).toBe('console.noSuchLabel');
    warn.mockRestore();
  });
});
