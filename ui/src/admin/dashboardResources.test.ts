import { categoryResources, resources } from '@interior/contracts';
import { categoryTreeNames, dashboardResources } from './dashboardResources';

describe('the dashboard resources', () => {
  it('register every declared resource under its name, represented by its declared field', () => {
    for (const declaration of resources) {
      const registered = dashboardResources.find((resource) => resource.name === declaration.name);
      expect({ name: declaration.name, representation: registered?.recordRepresentation }).toEqual({
        name: declaration.name,
        representation: declaration.representation,
      });
      expect(Object.keys(registered?.screens ?? {}).sort()).toEqual(['create', 'edit', 'list', 'show']);
    }
  });

  it('list the category trees of the contracts, in their order', () => {
    expect(categoryTreeNames).toEqual(categoryResources.map((resource) => resource.name));
  });

  it('register each name once', () => {
    const names = dashboardResources.map((resource) => resource.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
