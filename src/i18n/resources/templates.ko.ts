import type { templatesEn } from './templates.en';

/** Korean messages of the `templates` resource. */
export const templatesKo: typeof templatesEn = {
  name: '대시보드 템플릿 |||| 대시보드 템플릿',
  fields: {
    name: '이름',
    dataType: '데이터 유형',
    description: '설명',
    status: '사용',
    fileId: '대시보드 파일',
    previews: '미리보기 이미지',
    thumbnail: '미리보기',
    createdAt: '생성일',
    updatedAt: '수정일',
    q: '검색',
  },
  helpers: {
    name: '이 템플릿으로 만든 프로젝트는 이 이름에서 공백과 문장 부호를 뺀 이름으로 게시된 Tableau 통합 문서의 "Dashboard" 뷰를 보여 줍니다. 예: "Media Overview" → MediaOverview/Dashboard.',
    fileId: '.twb, .twbx, .json 또는 .pdf 파일, 최대 %{size}',
    previews: 'PNG, JPEG 또는 WebP, 파일당 최대 %{size}, 최대 %{max}개; 첫 번째 이미지가 썸네일입니다',
  },
  actions: {
    uploadFile: '파일 업로드',
    replaceFile: '파일 교체',
    removeFile: '파일 삭제',
    addPreviews: '이미지 추가',
    removePreview: '%{name} 삭제',
    openPreview: '%{name} 원본 크기로 열기',
  },
  messages: {
    noFile: '대시보드 파일 없음',
    noPreviews: '미리보기 이미지 없음',
    refused: '%{name} 파일을 받을 수 없습니다: %{reason}',
    tooMany: '미리보기 이미지는 최대 %{max}개까지 사용할 수 있습니다.',
  },
  notifications: {
    created: '대시보드 템플릿 %{name} 추가됨',
    updated: '대시보드 템플릿 %{name} 저장됨',
    deleted: '대시보드 템플릿 삭제됨 |||| 대시보드 템플릿 %{smart_count}개 삭제됨',
  },
};

/** What the server's messages call one record (the declaration's `noun`), in Korean. */
export const nouns = { template: '템플릿' };
