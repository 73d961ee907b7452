import { catalogueMessages, productResource } from '@interior/contracts';
import { type RecordEvent, recordDecider } from '../resource/record-decider';
import { deciderSpec } from '../testing/given-when-then';
import { productDecider } from './catalogue';

const spec = deciderSpec(recordDecider(productResource, productDecider));
const single = {
  name: '의자',
  code: 'C-1',
  kind: 'Single',
  components: [],
  price: 50_000,
  unit: 'EA',
  status: 'Active',
};
const set = {
  name: '식탁 세트',
  code: 'S-1',
  kind: 'Set',
  components: [{ productId: 1, quantity: 4 }],
  price: 900_000,
  unit: 'SET',
  status: 'Active',
};
const createdSet: RecordEvent = { type: 'ProductCreated', data: { id: 9, ...set } };

describe('the product decider', () => {
  it('creates a Single without components and a Set with them', () => {
    spec
      .given([])
      .when({ type: 'Create', id: 2, fields: single })
      .thenEvents([{ type: 'ProductCreated', data: { id: 2, ...single } }]);
    spec.given([]).when({ type: 'Create', id: 9, fields: set }).thenEvents([createdSet]);
  });

  it('refuses a Set without components and a Single with some', () => {
    spec
      .given([])
      .when({ type: 'Create', id: 3, fields: { ...set, components: [] } })
      .thenThrows('RuleBroken', catalogueMessages.setNeedsComponents);
    spec
      .given([])
      .when({ type: 'Create', id: 3, fields: { ...single, components: set.components } })
      .thenThrows('RuleBroken', catalogueMessages.singleHasNoComponents);
  });

  it('refuses a component twice, or the set inside itself', () => {
    spec
      .given([createdSet])
      .when({
        type: 'Update',
        changes: {
          components: [
            { productId: 1, quantity: 1 },
            { productId: 1, quantity: 2 },
          ],
        },
      })
      .thenThrows('RuleBroken', catalogueMessages.duplicateComponent);
    spec
      .given([createdSet])
      .when({ type: 'Update', changes: { components: [{ productId: 9, quantity: 1 }] } })
      .thenThrows('RuleBroken', catalogueMessages.componentIsSelf);
  });

  it('turning a Set into a Single needs its components emptied in the same change', () => {
    spec
      .given([createdSet])
      .when({ type: 'Update', changes: { kind: 'Single' } })
      .thenThrows('RuleBroken', catalogueMessages.singleHasNoComponents);
    spec
      .given([createdSet])
      .when({ type: 'Update', changes: { kind: 'Single', components: [] } })
      .thenEvents([{ type: 'ProductUpdated', data: { kind: 'Single', components: [] } }]);
  });
});
