import type { listEn } from './list.en';

/** Korean messages of the resource lists (console.list.*). */
export const listKo: typeof listEn = {
  selectRow: '%{name} 행 선택',
  aboutRange: '%{from}-%{to} / 약 %{total}개',
  applyFilters: '필터 적용',
};
