import type { settingsEn } from './settings.en';

/** Korean messages of the console settings (console.settings.*). */
export const settingsKo: typeof settingsEn = {
  title: '설정',
  close: '설정 닫기',
  primary: '기본 색상',
  surface: '표면 색상',
  colorScheme: '색 구성',
  light: '라이트',
  dark: '다크',
  menuType: '메뉴 유형',
  menuModes: {
    static: '고정',
    overlay: '오버레이',
    slim: '슬림',
    'slim-plus': '슬림+',
    horizontal: '가로',
  },
  menuThemes: '메뉴 테마',
  menuThemesLightOnly: '넓은 영역이 다크 모드에서 지나치게 밝게 보일 수 있으므로, 메뉴 테마는 설계상 라이트 모드에서만 사용할 수 있습니다.',
  topbarThemes: '상단 바 테마',
  language: '언어',
};
