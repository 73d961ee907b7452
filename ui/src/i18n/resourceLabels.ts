import { type DashboardRoute, dashboardRouteTitles, resources } from '@interior/contracts';

/** Labels of the fields every record has (docs/domain.md conventions). */
const commonFieldLabels = {
  id: 'ID',
  registered: '등록일',
  registeredBy: '등록자',
  updated: '수정일',
  updatedBy: '수정자',
  q: '검색',
};

/**
 * `resources.{name}` of the Korean messages for every declared resource, from its declaration
 * (contracts/src/resources.ts): the resource's name and its fields' labels, so screens take labels
 * from the i18n provider and not from literals.
 */
export function declaredResourceLabels() {
  return Object.fromEntries(
    resources.map((resource) => [
      resource.name,
      {
        // The screen's own name (`공지사항 관리`), else the kind of record.
        name: dashboardRouteTitles[resource.name as DashboardRoute] ?? resource.label,
        fields: {
          ...commonFieldLabels,
          ...Object.fromEntries(Object.entries(resource.fields).map(([name, spec]) => [name, spec.label])),
        },
      },
    ]),
  );
}
