import type { marketAccountsEn } from './market-accounts.en';

/** Korean messages of the `market-accounts` resource. */
export const marketAccountsKo: typeof marketAccountsEn = {
  name: '마켓 계정 |||| 마켓 계정',
  fields: {
    platform: '플랫폼',
    accountId: '계정 ID',
    name: '이름',
    advertiser: '광고주',
    country: '국가',
    secret: '비밀 키',
    secretSet: '비밀 키',
    allowedHosts: '비밀 키 전송 호스트',
    activeFlag: '사용',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  helpers: {
    platform: '광고 플랫폼, 예: GOOGLE_ADS 또는 META',
    allowedHosts: '비밀 키를 보낼 수 있는 호스트만 입력합니다. 예: graph.facebook.com (각각 입력 후 Enter). 없으면 비밀 키는 어디에도 전송되지 않습니다.',
  },
  secret: {
    set: '설정됨',
    unset: '미설정',
    newHelper: '저장 후에는 다시 표시되지 않습니다.',
    keepHelper: '비밀 키가 저장되어 있습니다. 비워 두면 유지되고, 입력하면 교체됩니다.',
    unsetHelper: '저장된 비밀 키가 없습니다. 입력하면 저장됩니다.',
  },
  noHosts: '없음: 비밀 키는 어디에도 전송되지 않습니다',
  codeTableError: '목록을 불러오지 못했습니다. 페이지를 새로 고친 후 다시 시도하세요.',
  notifications: {
    created: '마켓 계정 %{name} 추가됨',
    updated: '마켓 계정 %{name} 저장됨',
    deleted: '마켓 계정 삭제됨 |||| 마켓 계정 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { 'market account': '마켓 계정' };
