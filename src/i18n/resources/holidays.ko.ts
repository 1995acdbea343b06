import type { holidaysEn } from './holidays.en';

/** Korean messages of the `holidays` resource. */
export const holidaysKo: typeof holidaysEn = {
  name: '공휴일 |||| 공휴일',
  title: '공휴일',
  fields: {
    date: '날짜',
    name: '이름',
    country: '국가',
    description: '설명',
    activeFlag: '사용',
    dateFrom: '날짜 시작',
    dateTo: '날짜 끝',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  notifications: {
    created: '공휴일 %{name} 추가됨',
    updated: '공휴일 %{name} 저장됨',
    deleted: '공휴일 삭제됨 |||| 공휴일 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { holiday: '공휴일' };
