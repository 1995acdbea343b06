import type { propertiesEn } from './properties.en';

/** Korean messages of the `properties` resource. */
export const propertiesKo: typeof propertiesEn = {
  name: '프로젝트 속성 |||| 프로젝트 속성',
  fields: {
    kind: '종류',
    code: '코드',
    name: '이름',
    no: '정렬 순서',
    regionCode: '지역',
    q: '검색',
  },
  helpers: {
    code: '영문자, 숫자, - 또는 _ (최대 20자), 대문자로 저장됩니다. 같은 종류 안에서 중복될 수 없습니다',
    no: '목록에 작은 번호부터 표시됩니다',
  },
  titles: {
    create: '새 %{kind}',
    edit: '%{kind} %{code}',
  },
  errors: {
    list: '목록을 불러오지 못했습니다:',
  },
  notifications: {
    created: '속성 %{name} 추가됨',
    updated: '속성 %{name} 저장됨',
    deleted: '속성 삭제됨 |||| 속성 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { property: '속성' };
