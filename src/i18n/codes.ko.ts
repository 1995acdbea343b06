import type { ConsoleCodeWords } from '../shared/code-sets';

/** codes.en.ts in Korean. */
export const codesKo = {
  projectDataType: { MEDIA: '미디어', CRM: 'CRM', RETAIL: '리테일', SOCIAL: '소셜' },
  dataSource: { MASTER: '수집 데이터', MANUAL: '업로드 파일', CUSTOM: '사용자 지정 소스' },
  dashboardType: { TEMPLATE: '템플릿 사용', CUSTOM: '직접 입력한 대시보드 URL' },
  yesNo: { Y: '예', N: '아니요' },
  httpMethod: { GET: '조회 (GET)', POST: '쿼리 전송 (POST)' },
  responseFormat: { JSON: 'JSON 문서', CSV: 'CSV 표' },
  taskKind: { COLLECT: '수집', POST: '전송' },
  columnType: { DATE: '날짜', VARCHAR: '텍스트', STRING: '텍스트', NUMBER: '숫자' },
} satisfies ConsoleCodeWords;
