import { apiFilter, noValue } from './listFilter';

describe('apiFilter', () => {
  it('bounds a picked day by the whole day in Korea, on both ends of a range', () => {
    expect(apiFilter({ registered_gte: '2026-11-27', registered_lte: '2026-11-27' })).toEqual({
      registered_gte: '2026-11-26T15:00:00.000Z',
      registered_lte: '2026-11-27T14:59:59.999Z',
    });
  });

  it('asks for null where the choice is "none", and leaves every other value as it is', () => {
    expect(
      apiFilter({
        managerId: noValue,
        state: 'Requested',
        q: '2026-11-27',
        price_gte: 1000,
        approvedAt_gte: '2026-11-27T01:00:00.000Z',
      }),
    ).toEqual({
      managerId: null,
      state: 'Requested',
      q: '2026-11-27',
      price_gte: 1000,
      approvedAt_gte: '2026-11-27T01:00:00.000Z',
    });
  });

  it('answers an empty filter for none at all', () => {
    expect(apiFilter()).toEqual({});
  });
});
