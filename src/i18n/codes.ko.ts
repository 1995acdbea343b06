import type { ConsoleCodeWords } from '../shared/code-sets';

/** codes.en.ts in Korean. */
export const codesKo = {
  projectDataType: { MEDIA: '미디어', CRM: 'CRM', RETAIL: '리테일', SOCIAL: '소셜' },
  dataSource: { MASTER: '수집 데이터', MANUAL: '업로드 파일', CUSTOM: '사용자 지정 소스' },
  dashboardType: { TEMPLATE: '템플릿 사용', CUSTOM: '직접 입력한 대시보드 URL' },
  yesNo: { Y: '예', N: '아니요' },
  activeFlag: { Y: '사용', N: '사용 안 함' },
  httpMethod: { GET: '조회 (GET)', POST: '쿼리 전송 (POST)' },
  responseFormat: { JSON: 'JSON 문서', CSV: 'CSV 표' },
  taskKind: { COLLECT: '수집', POST: '전송' },
  taskError: {
    SOURCE_TIMEOUT: '소스 응답 시간 초과',
    SOURCE_HTTP_ERROR: '소스가 오류로 응답함',
    SOURCE_UNREACHABLE: '소스에 연결할 수 없음',
    SOURCE_REFUSED: '허용되지 않는 소스 주소',
    SOURCE_AUTH: '소스가 인증 정보를 거부함',
    SOURCE_MALFORMED: '소스 응답을 읽을 수 없음',
    SOURCE_MISSING_COLUMNS: '소스에 필요한 열이 없음',
    SOURCE_NOT_FOUND: '소스를 찾을 수 없음',
    MASTER_VALIDATION: '수집한 행이 검사를 통과하지 못함',
    TARGET_AUTH: '대상이 인증 정보를 거부함',
    TARGET_ERROR: '대상 오류',
    LEASE_LOST: '실행이 멈춰 다른 실행이 이어받음',
    INTERNAL: '내부 오류',
  },
  columnType: { DATE: '날짜', VARCHAR: '텍스트', STRING: '텍스트', NUMBER: '숫자' },
  propertyKind: {
    regions: '지역 |||| 지역',
    countries: '국가 |||| 국가',
    companies: '회사 |||| 회사',
    advertisers: '광고주 |||| 광고주',
    'data-types': '데이터 유형 |||| 데이터 유형',
  },
} satisfies ConsoleCodeWords;
