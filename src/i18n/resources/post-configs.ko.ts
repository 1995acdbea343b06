import type { postConfigsEn } from './post-configs.en';

/** Korean messages of the `post-configs` resource. */
export const postConfigsKo: typeof postConfigsEn = {
  name: '전송 지표 |||| 전송 지표',
  fields: {
    dataType: '데이터 유형',
    targetType: '대상 유형',
    targetMethod: '전송 방식',
    targetLocation: '전송 위치',
    targetData: '연결 설정',
    targetSecret: '비밀 키',
    secretSet: '비밀 키',
    backupFlag: '백업 사본 보관',
    backupLocation: '백업 폴더',
    headers: '출력 헤더',
    headerCode: '필드 코드',
    headerType: '유형',
    headerInUse: '사용',
    headerOrder: '순서',
    inUse: '사용',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  methods: {
    LOCAL: '로컬 폴더',
    GCS: 'Google Cloud Storage',
    TABLEAU: 'Tableau',
    SNOWSTAGE: 'Snowflake 스테이지',
  },
  targetData: {
    projectId: '프로젝트 ID',
    apiEndpoint: 'API 엔드포인트',
    serverUrl: '서버 URL',
    tokenName: '토큰 이름',
    site: '사이트',
    apiVersion: 'API 버전',
    account: '계정',
    username: '사용자 이름',
    warehouse: '웨어하우스',
    database: '데이터베이스',
    schema: '스키마',
    role: '역할',
    accessUrl: '접속 URL',
  },
  secrets: {
    LOCAL: '비밀 키',
    GCS: '서비스 계정 키(JSON)',
    TABLEAU: '개인 액세스 토큰 비밀 값',
    SNOWSTAGE: '비밀번호',
  },
  sections: {
    target: '전송 대상',
    headers: '출력 헤더',
  },
  helpers: {
    targetType: '대상이 공급하는 곳의 레이블, 예: 대시보드 피드',
    location_LOCAL: '전송 데이터 폴더 안의 폴더, 예: media/daily',
    location_GCS: 'bucket 또는 bucket/prefix',
    location_TABLEAU: '게시된 데이터 원본 이름',
    location_SNOWSTAGE: '@stage 또는 @stage/path',
    backupLocation: '백업 폴더 안의 폴더',
    headers: '전송 파일의 열, 이 순서대로; 화살표로 순서를 바꿉니다',
  },
  actions: {
    testConnection: '연결 테스트',
  },
  messages: {
    connected: '연결되었습니다.',
    notConnected: '연결되지 않았습니다.',
  },
  notifications: {
    created: '게시 지표 %{name} 추가됨',
    updated: '게시 지표 %{name} 저장됨',
    deleted: '게시 지표 삭제됨 |||| 게시 지표 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { 'post configuration': '전송 설정' };
