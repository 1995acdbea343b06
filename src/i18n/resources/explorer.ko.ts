import type { explorerEn } from './explorer.en';

/** Korean messages of the `explorer` resource. */
export const explorerKo: typeof explorerEn = {
  name: '테이블 |||| 테이블',
  fields: {
    schema: '스키마',
    tableName: '테이블 이름',
    dataType: '데이터 유형',
    rowCount: '행 수',
    q: '검색',
  },
  schemas: {
    master: 'master (수집 데이터)',
    dataset: 'dataset (업로드 데이터)',
  },
  summary: '데이터 유형 %{dataType} · 열 %{columns}개 · 행 %{rows}개 |||| 데이터 유형 %{dataType} · 열 %{columns}개 · 행 %{rows}개',
  empty: '보여 줄 테이블이 없습니다. 아직 수집되거나 업로드된 데이터가 없거나, 읽을 수 있는 데이터가 담긴 테이블이 없습니다.',
  actions: {
    export: '내보내기',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { table: '테이블' };
