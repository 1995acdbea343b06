import type { bulkEditEn, importEn, listEn, viewsEn } from './list.en';

/** Korean messages of the resource lists (console.list.*). */
export const listKo: typeof listEn = {
  selectRow: '%{name} 행 선택',
  aboutRange: '%{from}-%{to} / 약 %{total}개',
  applyFilters: '필터 적용',
  exportCsv: 'CSV',
  exportXlsx: 'Excel (XLSX)',
  exporting: '내보내는 중… %{percent}%',
  exportWaiting: '내보내는 중…',
};

/** Korean messages of saved views and chosen columns (console.views.*). */
export const viewsKo: typeof viewsEn = {
  button: '보기',
  none: '저장된 보기가 없습니다',
  saveCurrent: '현재 보기 저장…',
  saveTitle: '현재 필터, 정렬, 열을 보기로 저장',
  renameTitle: '보기 이름 바꾸기',
  name: '보기 이름',
  rename: '“%{name}” 이름 바꾸기…',
  delete: '“%{name}” 삭제…',
  deleteTitle: '“%{name}” 보기를 삭제할까요?',
  deleteContent: '목록 자체는 바뀌지 않습니다. 이 저장된 보기만 사용하시는 모든 브라우저에서 삭제됩니다.',
  saved: '“%{name}” 보기를 저장했습니다.',
  deleted: '“%{name}” 보기를 삭제했습니다.',
  droppedFilters:
    '“%{name}” 보기를 %{fields} 필터 없이 열었습니다. 이 목록은 더 이상 그 항목으로 필터링할 수 없습니다. |||| “%{name}” 보기를 %{fields} 필터 없이 열었습니다. 이 목록은 더 이상 그 항목들로 필터링할 수 없습니다.',
  droppedLastState:
    '목록을 마지막으로 보던 상태로 열었지만 %{fields} 필터는 뺐습니다. 이 목록에 더 이상 그 필터나 값이 없습니다. |||| 목록을 마지막으로 보던 상태로 열었지만 %{fields} 필터는 뺐습니다. 이 목록에 더 이상 그 필터들이나 값들이 없습니다.',
};

/** Korean of a list's "Edit selected" (console.bulkEdit.*). */
export const bulkEditKo: typeof bulkEditEn = {
  button: '선택 항목 편집',
  title: '선택한 %{smart_count}개 편집 |||| 선택한 %{smart_count}개 편집',
  hint: '바꿀 항목을 선택하세요. 나머지는 그대로 둡니다.',
  pick: '%{field} 변경',
  next: '확인',
  back: '뒤로',
  confirm: '%{name} %{smart_count}개의 %{changes} 바꿀까요?',
  setTo: '%{field}을(를) %{value}(으)로',
  and: ', ',
  empty: '빈 값',
  apply: '%{smart_count}개 변경 |||| %{smart_count}개 변경',
  changed: '%{smart_count}개를 변경했습니다 |||| %{smart_count}개를 변경했습니다',
};

/** Korean of a list's "Import" (console.import.*). */
export const importKo: typeof importEn = {
  button: '가져오기',
  title: '%{name} 가져오기',
  hint: 'CSV 또는 XLSX 파일을 고르거나 스프레드시트에서 복사한 표를 붙여 넣으세요. 최대 %{max}행까지 가져올 수 있습니다. 첫 행에는 열 이름을 적습니다: %{fields}. *표시가 있는 열은 필수입니다.',
  file: 'CSV 또는 XLSX 파일 선택',
  xlsxTooLarge: '%{name}이(가) 한 번에 가져올 수 있는 %{max}보다 큽니다. 나누거나 CSV로 저장하세요.',
  template: '양식 내려받기 (열 이름 행)',
  fileChosen: '%{name}에서 읽음',
  paste: '또는 표 붙여 넣기',
  check: '행 확인',
  back: '뒤로',
  row: '행',
  rows: '읽은 행',
  shown: '전체 %{count}개 행 중 %{shown}개를 보여 줍니다: 문제가 있는 행을 먼저, 그다음 나머지 행의 앞부분을 보여 줍니다.',
  rowProblems: '행의 문제',
  leftOut: '가져오지 않는 열: %{columns} (제외했거나, 콘솔이 정하는 값이거나, 옆의 코드 열에서 읽습니다).',
  notAField: '필드가 아님',
  chooseField: '필드 선택',
  leaveOut: '제외',
  ready: '%{smart_count}개 행을 모두 만들 수 있습니다. |||| %{smart_count}개 행을 모두 만들 수 있습니다.',
  problems:
    '문제가 있는 행이 있으면 아무것도 만들 수 없습니다: %{smart_count}개 행에 문제가 있습니다. 표를 고친 뒤 다시 확인하세요. |||| 문제가 있는 행이 있으면 아무것도 만들 수 없습니다: %{smart_count}개 행에 문제가 있습니다. 표를 고친 뒤 다시 확인하세요.',
  fileProblems: '표를 지금 상태로는 읽을 수 없습니다:',
  commit: '%{smart_count}개 만들기 |||| %{smart_count}개 만들기',
};
