import { defineResource, messages, userGroupResource } from '@interior/contracts';
import { ruleBroken } from '@interior/platform';
import { deciderSpec } from '../testing/given-when-then';
import { type RecordEvent, recordDecider } from './record-decider';

const spec = deciderSpec(recordDecider(userGroupResource));

const created: RecordEvent = {
  type: 'UserGroupCreated',
  data: { id: 7, name: '설계팀', description: '설계 담당' },
};
const deleted: RecordEvent = { type: 'UserGroupDeleted', data: {} };

describe('the record decider, on user groups', () => {
  it('creates a record that does not exist yet', () => {
    spec
      .given([])
      .when({ type: 'Create', id: 7, fields: { name: '설계팀', description: '설계 담당' } })
      .thenEvents([created]);
  });

  it('refuses to create a record twice, or again after it was deleted', () => {
    spec
      .given([created])
      .when({ type: 'Create', id: 7, fields: { name: 'x', description: 'y' } })
      .thenThrows('RuleBroken', messages.alreadyExists);
    spec
      .given([created, deleted])
      .when({ type: 'Create', id: 7, fields: { name: 'x', description: 'y' } })
      .thenThrows('RuleBroken', messages.alreadyExists);
  });

  it('records only the fields whose value changes', () => {
    spec
      .given([created])
      .when({ type: 'Update', changes: { name: '시공팀', description: '설계 담당' } })
      .thenEvents([{ type: 'UserGroupUpdated', data: { name: '시공팀' } }]);
    spec
      .given([created])
      .when({ type: 'Update', changes: { description: '현장 시공' } })
      .thenEvents([{ type: 'UserGroupUpdated', data: { description: '현장 시공' } }]);
  });

  it('records nothing when an update changes nothing', () => {
    spec
      .given([created])
      .when({ type: 'Update', changes: { name: '설계팀', description: '설계 담당' } })
      .thenEvents([]);
    spec.given([created]).when({ type: 'Update', changes: {} }).thenEvents([]);
  });

  it('applies updates in order, older events carrying every field included', () => {
    spec
      .given([
        created,
        { type: 'UserGroupUpdated', data: { name: '시공팀', description: '현장 시공' } },
        { type: 'UserGroupUpdated', data: { description: '마감' } },
      ])
      .when({ type: 'Update', changes: { name: '시공팀', description: '마감' } })
      .thenEvents([]);
  });

  it('refuses to update or delete a record that does not exist or was deleted', () => {
    spec
      .given([])
      .when({ type: 'Update', changes: { name: 'a' } })
      .thenThrows('NotFound', messages.userGroupNotFound);
    spec
      .given([created, deleted])
      .when({ type: 'Update', changes: { name: 'a' } })
      .thenThrows('NotFound', messages.userGroupNotFound);
    spec.given([]).when({ type: 'Delete' }).thenThrows('NotFound', messages.userGroupNotFound);
  });

  it('deletes a record once', () => {
    spec.given([created]).when({ type: 'Delete' }).thenEvents([deleted]);
    spec
      .given([created, deleted])
      .when({ type: 'Delete' })
      .thenThrows('NotFound', messages.userGroupNotFound);
  });

  it('compares structured values by content', () => {
    const tagged = defineResource({
      name: 'tagged',
      objectType: 'Brand',
      label: '태그',
      notFound: '없음',
      representation: 'tags',
      defaultSort: ['id', 'ASC'],
      fields: { tags: { kind: 'enumSet', label: '태그', values: ['a', 'b'], labels: { a: 'A', b: 'B' } } },
    });
    deciderSpec(recordDecider(tagged))
      .given([{ type: 'BrandCreated', data: { id: 1, tags: ['a', 'b'] } }])
      .when({ type: 'Update', changes: { tags: ['a', 'b'] } })
      .thenEvents([]);
  });
});

describe("a resource's own rule", () => {
  const priced = defineResource({
    name: 'priced',
    objectType: 'Product',
    label: '제품',
    notFound: '제품을 찾을 수 없습니다.',
    representation: 'name',
    defaultSort: ['id', 'ASC'],
    fields: {
      name: { kind: 'text', label: '이름', max: 10, required: true },
      price: { kind: 'money', label: '가격' },
      listPrice: { kind: 'money', label: '정가' },
    },
  });
  const rule = '가격은 정가보다 높을 수 없습니다.';
  const decider = recordDecider(priced, {
    check(_command, _state, next) {
      if (next && Number(next.price) > Number(next.listPrice)) throw ruleBroken(rule);
    },
  });
  const pricedSpec = deciderSpec(decider);
  const made: RecordEvent = {
    type: 'ProductCreated',
    data: { id: 1, name: '소파', price: 90, listPrice: 100 },
  };

  it('is checked on the record as a create would make it', () => {
    pricedSpec
      .given([])
      .when({ type: 'Create', id: 1, fields: { name: '소파', price: 120, listPrice: 100 } })
      .thenThrows('RuleBroken', rule);
  });

  it('is checked on the whole record an update would leave, not on the change alone', () => {
    pricedSpec
      .given([made])
      .when({ type: 'Update', changes: { price: 110 } })
      .thenThrows('RuleBroken', rule);
    pricedSpec
      .given([made])
      .when({ type: 'Update', changes: { price: 110, listPrice: 120 } })
      .thenEvents([{ type: 'ProductUpdated', data: { price: 110, listPrice: 120 } }]);
  });

  it('is not asked when nothing changes', () => {
    pricedSpec
      .given([{ type: 'ProductCreated', data: { id: 1, name: '소파', price: 120, listPrice: 100 } }])
      .when({ type: 'Update', changes: { price: 120 } })
      .thenEvents([]);
  });
});
