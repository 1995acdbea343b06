import type { accessHistoryEn } from './access-history.en';

/** Korean messages of the `access-history` resource. */
export const accessHistoryKo: typeof accessHistoryEn = {
  name: '접속 이력 |||| 접속 이력',
  fields: {
    id: 'ID',
    adminId: '사용자',
    email: '이메일',
    name: '이름',
    eventType: '이벤트',
    success: '결과',
    sourceIp: 'IP 주소',
    detail: '상세',
    occurredAt: '시각',
    from: '시작일',
    to: '종료일',
    q: '이메일 또는 IP 검색',
  },
  events: {
    SIGN_IN: '로그인',
    DASHBOARD_VIEW: '대시보드 조회',
    PROJECT_CREATE: '프로젝트 생성',
    UPLOAD: '업로드',
  },
  results: {
    Y: '성공',
    N: '실패',
  },
  stats: {
    totalLoginCount: '로그인',
    totalDashboardViews: '대시보드 조회',
    totalProjectCreateCount: '프로젝트 생성',
    totalUploadCount: '업로드',
    chartTitle: '일별 로그인',
    successful: '성공',
    failed: '실패',
    day: '날짜',
    chartLabel: '%{from}부터 %{to}까지 일별 로그인: 성공 %{success}건, 실패 %{failure}건',
    dayTooltip: '%{day}: 성공 %{success}건, 실패 %{failure}건',
    range: '%{from} – %{to}',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { 'access history entry': '접속 이력 항목' };
