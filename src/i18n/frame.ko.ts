import type { frameEn } from './frame.en';

/** Korean messages of the console frame (console.frame.*). */
export const frameKo: typeof frameEn = {
  mainMenu: '메인 메뉴',
  sidebar: '사이드바',
  toggleMenu: '메뉴 열기/닫기',
  anchor: '메뉴 고정',
  settings: '설정',
  userMenu: '사용자 메뉴',
  signedInAs: '로그인한 사용자',
};
