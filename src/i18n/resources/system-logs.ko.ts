import type { systemLogsEn } from './system-logs.en';

/** Korean messages of the `system-logs` resource. */
export const systemLogsKo: typeof systemLogsEn = {
  name: '로그 항목 |||| 시스템 로그',
  fields: {
    requestAt: '시각',
    eventId: '이벤트 ID',
    adminId: '사용자 ID',
    email: '이메일',
    httpMethod: '메서드',
    endPoint: '엔드포인트',
    httpStatus: '상태',
    queryParam: '쿼리',
    requestBody: '요청 본문',
    sourceIp: '출발지 IP',
    from: '시작',
    to: '종료',
    statusClass: '상태 구분',
  },
  actions: {
    export: 'CSV 내보내기',
  },
  retention: {
    title: '보관 기간',
    save: '로그 보관 기간 저장',
    days: '보관 일수',
    help: '기간이 지난 항목은 매시간, 그리고 저장할 때 즉시 삭제됩니다.',
    required: '일수를 입력하세요.',
    saved: '보관 기간을 %{days}일로 설정했습니다. %{date} 이전의 로그 %{removed}건을 삭제했습니다.',
    savedNothingRemoved: '보관 기간을 %{days}일로 설정했습니다. 삭제할 만큼 오래된 로그는 없었습니다.',
    confirmTitle: '보관 기간을 %{days}일로 줄일까요?',
    confirmContent: '%{date} 이전의 로그 %{rows}건이 영구적으로 삭제됩니다.',
    confirmAction: '삭제하고 저장',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { 'log entry': '로그 항목' };
