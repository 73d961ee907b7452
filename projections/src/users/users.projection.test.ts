import { PiiVault, readModels } from '@interior/platform';
import {
  eventsOf,
  type GivenEvent,
  givenAt,
  projectionSpec,
  projectionTestDatabase,
} from '../testing/projection-spec';
import { usersProjection } from './users.projection';

const db = projectionTestDatabase();
let vault: PiiVault;
beforeAll(() => {
  vault = new PiiVault(db().knex);
});

const spec = projectionSpec(usersProjection, db);
/** Personal fields travel sealed with the person's key, as the commands write them. */
const seal = (userId: number, value: string) => vault.seal(`User-${userId}`, value, { createKey: true });
const consent = { code: 'Terms', agreed: true, version: '2026-01', at: '2026-11-01T00:00:00.000Z' };

async function registered(id: number): Promise<GivenEvent> {
  return {
    stream: ['User', id],
    type: 'UserRegistered',
    data: {
      id,
      email: await seal(id, `user${id}@test.example`),
      name: await seal(id, '홍길동'),
      mobile: await seal(id, '01012345678'),
      roles: ['PersonalFree'],
      status: 'Pending',
      accountType: 'Personal',
      marketingAgreed: false,
      passwordHash: 'not read here',
      consents: [consent],
    },
  };
}
const on = (id: number, type: string, data: object) => eventsOf(['User', id])(type, data);

describe('the users read model', () => {
  it('opens the personal fields of a registered user and keeps what sign-in needs', async () => {
    expect(await spec.given([await registered(1)]).rows(readModels.users)).toEqual([
      expect.objectContaining({
        id: 1,
        name: '홍길동',
        email: 'user1@test.example',
        mobile: '01012345678',
        roles: ['PersonalFree'],
        status: 'Pending',
        accountType: 'Personal',
        marketingAgreed: false,
        consents: [consent],
        registered: givenAt(0),
        groups: [],
        version: 0,
      }),
    ]);
  });

  it('follows verification, roles, status, groups, consents and sign-ins, each moving the version', async () => {
    const [row] = await spec
      .given([
        await registered(2),
        on(2, 'EmailVerified', { jti: null }),
        on(2, 'UserRolesChanged', { roles: ['PersonalPaid'] }),
        on(2, 'UserGroupsChanged', { groups: [4, 5], added: [4, 5], removed: [] }),
        on(2, 'ConsentChanged', { ...consent, code: 'Marketing', agreed: true }),
        on(2, 'UserErpChanged', { erpId: 'E-1', bpCode: 'BP-1' }),
        { stream: 'Session-s1', type: 'SessionStarted', data: { userId: 2 } },
        { stream: 'UserGroup-4', type: 'UserGroupDeleted', data: {} },
      ])
      .rows(readModels.users);
    expect(row).toMatchObject({
      status: 'Active',
      roles: ['PersonalPaid'],
      groups: [5],
      marketingAgreed: true,
      consents: [consent, { ...consent, code: 'Marketing', agreed: true }],
      erpId: 'E-1',
      bpCode: 'BP-1',
      lastConnected: givenAt(6),
      version: 5,
    });
  });

  it('keeps a business profile with its personal fields opened', async () => {
    const given = spec.given([
      await registered(3),
      on(3, 'BusinessProfileSaved', {
        businessId: 30,
        registrationNumber: '1248100998',
        representative: await seal(3, '김대표'),
        mobile: await seal(3, '01099998888'),
        telephone: null,
        address: await seal(3, '서울시 중구'),
        industry: '인테리어',
        description: '',
      }),
    ]);
    expect((await given.rows(readModels.users))[0]).toMatchObject({ business: 30 });
    expect(await given.rows(readModels.businessProfiles)).toEqual([
      {
        id: 30,
        userId: 3,
        registrationNumber: '1248100998',
        representative: '김대표',
        mobile: '01099998888',
        telephone: null,
        address: '서울시 중구',
        industry: '인테리어',
        description: '',
      },
    ]);
  });

  it('blanks every personal field of an erased user, whose key is gone for a rebuild too', async () => {
    const events = [
      await registered(4),
      on(4, 'UserGroupsChanged', { groups: [5], added: [5], removed: [] }),
      on(4, 'UserErased', { groups: [5] }),
    ];
    const erased = {
      name: null,
      email: null,
      mobile: null,
      status: 'Deleted',
      groups: [],
      consents: [],
      version: 2,
    };
    expect((await spec.given(events).rows(readModels.users))[0]).toMatchObject(erased);
    await vault.erase('User-4');
    expect((await spec.given(events).rows(readModels.users))[0]).toMatchObject(erased);
    expect((await spec.given(events.slice(0, 1)).rows(readModels.users))[0]).toMatchObject({
      name: null,
      email: null,
      status: 'Pending',
    });
  });

  it('lists linked sign-in accounts until they are unlinked', async () => {
    const [row] = await spec
      .given([
        await registered(6),
        on(6, 'SnsAccountLinked', { id: 1, uid: await seal(6, 'kakao-123'), type: 'kakao' }),
        on(6, 'SnsAccountLinked', { id: 2, uid: await seal(6, 'naver-456'), type: 'naver' }),
        on(6, 'SnsAccountUnlinked', { id: 1 }),
      ])
      .rows(readModels.users);
    expect(row).toMatchObject({ snsAccounts: [{ id: 2, uid: 'naver-456', type: 'naver' }], version: 3 });
  });
});
