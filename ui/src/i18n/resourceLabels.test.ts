import { type DashboardRoute, dashboardRouteTitles, resources } from '@interior/contracts';
import { declaredResourceLabels } from './resourceLabels';

/** The fields every record has, labelled for every resource unless it declares them itself. */
const commonFieldLabels = {
  id: 'ID',
  registered: '등록일',
  registeredBy: '등록자',
  updated: '수정일',
  updatedBy: '수정자',
  q: '검색',
};

describe('the declared resources’ messages', () => {
  it('are each declared resource’s screen title (else its label) and its fields’ labels', () => {
    const fromDeclarations = Object.fromEntries(
      resources.map((resource) => [
        resource.name,
        {
          name: dashboardRouteTitles[resource.name as DashboardRoute] ?? resource.label,
          fields: {
            ...commonFieldLabels,
            ...Object.fromEntries(Object.entries(resource.fields).map(([name, spec]) => [name, spec.label])),
          },
        },
      ]),
    );
    expect(declaredResourceLabels).toEqual(fromDeclarations);
  });
});
