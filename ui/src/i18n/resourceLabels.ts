/** Labels of the fields every record has (docs/domain.md conventions). */
const commonFieldLabels = {
  id: 'ID',
  registered: '등록일',
  registeredBy: '등록자',
  updated: '수정일',
  updatedBy: '수정자',
  q: '검색',
};

/** One resource's messages: its name, and the labels of its fields after the common ones. */
const declared = (name: string, fields: Record<string, string>) => ({
  name,
  fields: { ...commonFieldLabels, ...fields },
});

/** The fields of every category tree. */
const categoryFields = {
  name: '이름',
  parentId: '상위 분류',
  position: '순서',
  path: '경로',
  depth: '단계',
  childCount: '하위 분류 수',
  itemCount: '항목 수',
};

/**
 * `resources.{name}` of the Korean messages for every declared resource (contracts/src/resources.ts):
 * the resource's name (its screen's own title, `공지사항 관리`, else the kind of record) and its
 * fields' labels, so screens take labels from the i18n provider and not from literals. Written out
 * rather than read from the declarations, whose module brings zod and the design document's code
 * into the dashboard's first load (the i18n provider is part of it); resourceLabels.test.ts holds
 * them to the declarations.
 */
export const declaredResourceLabels: Readonly<
  Record<string, { name: string; fields: Readonly<Record<string, string>> }>
> = {
  usergroup: declared('사용자 그룹', { name: '이름', description: '설명', members: '구성원 수' }),
  'category/product': declared('제품 카테고리', categoryFields),
  'category/material': declared('자재 카테고리', categoryFields),
  'category/paving': declared('바닥 패턴 카테고리', categoryFields),
  'category/set': declared('세트 카테고리', categoryFields),
  'category/plan': declared('평면도 카테고리', categoryFields),
  'category/walldrawing': declared('벽면도 카테고리', categoryFields),
  model: declared('모델', {
    name: '이름',
    file: '모델 파일',
    thumbnail: '썸네일',
    description: '설명',
    productCount: '제품 수',
  }),
  brand: declared('브랜드', {
    name: '이름',
    description: '설명',
    homepage: '홈페이지',
    logo: '로고',
    productCount: '제품 수',
    materialCount: '자재 수',
  }),
  product: declared('제품', {
    name: '이름',
    code: '코드',
    kind: '구분',
    brandId: '브랜드',
    categoryId: '제품 카테고리',
    setCategoryId: '세트 카테고리',
    components: '구성 제품',
    width: '폭',
    depth: '깊이',
    height: '높이',
    price: '가격',
    unit: '단위',
    bomId: 'BOM',
    description: '설명',
    images: '이미지',
    modelId: '3D 모델',
    mount: '설치 위치',
    elevation: '설치 높이',
    status: '상태',
  }),
  material: declared('자재', {
    name: '이름',
    code: '코드',
    brandId: '브랜드',
    categoryId: '자재 카테고리',
    pavingCategoryId: '바닥 패턴 카테고리',
    usage: '용도',
    unit: '단위',
    price: '단가',
    spec: '규격',
    lossRate: '로스율',
    bomId: 'BOM',
    texture: '텍스처',
    status: '상태',
  }),
  workspace: declared('워크스페이스', {
    name: '이름',
    code: '코드',
    floorMaterialId: '바닥 자재',
    wallMaterialId: '벽 자재',
    ceilingMaterialId: '천장 자재',
    ceilingHeight: '천장 높이',
    bomId: 'BOM',
  }),
  bom: declared('자재 명세서(BOM)', { name: '이름', description: '설명', lines: '항목' }),
  plan: declared('평면도', {
    name: '이름',
    categoryId: '평면도 카테고리',
    description: '설명',
    document: '도면',
    area: '면적',
    roomCount: '방 수',
  }),
  walldrawing: declared('벽면도', {
    name: '이름',
    categoryId: '벽면도 카테고리',
    width: '폭',
    height: '높이',
    elements: '요소',
  }),
  'system/bomconstant': declared('BOM 상수 관리', {
    key: '키',
    label: '이름',
    value: '값',
    unit: '단위',
    description: '설명',
  }),
  'system/designproperty': declared('디자인 속성 관리', {
    key: '키',
    label: '이름',
    value: '값',
    unit: '단위',
    description: '설명',
  }),
  'system/notice': declared('공지사항 관리', {
    title: '제목',
    body: '본문',
    category: '분류',
    pinned: '상단 고정',
    audience: '대상 역할',
    publishFrom: '게시 시작',
    publishTo: '게시 종료',
    attachments: '첨부 파일',
    views: '조회수',
    ordering: '정렬 순서',
  }),
  'system/popupbanner': declared('팝업 배너 관리', {
    title: '제목',
    image: '이미지',
    link: '링크',
    audience: '대상 역할',
    from: '게시 시작',
    to: '게시 종료',
    position: '위치',
    active: '사용',
  }),
};
