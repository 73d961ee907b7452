import { messages, type UserEvent } from '@interior/contracts';
import { deciderSpec } from '../testing/given-when-then';
import { userDecider } from '../user/decide';
import { snsReservationDecider } from './sns-reservation';

const user = deciderSpec(userDecider);
const reservations = deciderSpec(snsReservationDecider);

const registered = (passwordHash: string | null): UserEvent => ({
  type: 'UserRegistered',
  data: {
    id: 7,
    email: 'pii:v1:email',
    name: 'pii:v1:name',
    mobile: null,
    roles: ['PersonalFree'],
    status: 'Active',
    accountType: 'Personal',
    marketingAgreed: false,
    passwordHash,
    consents: [],
  },
});
const withPassword = registered('hash');
const snsOnly = registered(null);
const kakaoLinked: UserEvent = {
  type: 'SnsAccountLinked',
  data: { id: 1, type: 'Kakao', uid: 'pii:v1:kakao', reservation: 'r-kakao' },
};
const naverLinked: UserEvent = {
  type: 'SnsAccountLinked',
  data: { id: 2, type: 'Naver', uid: 'pii:v1:naver', reservation: 'r-naver' },
};
const linkKakao = {
  type: 'LinkSnsAccount' as const,
  id: 1,
  snsType: 'Kakao' as const,
  sealedUid: 'pii:v1:kakao',
  reservation: 'r-kakao',
};

describe('linking a provider account', () => {
  it('given a user, when a Kakao account is linked, then SnsAccountLinked', () => {
    user.given([withPassword]).when(linkKakao).thenEvents([kakaoLinked]);
  });

  it('given the same account linked, when it is linked again, then nothing (a retried link)', () => {
    user.given([withPassword, kakaoLinked]).when(linkKakao).thenEvents([]);
  });

  it('given another Kakao account linked, when a second one is linked, then refused', () => {
    user
      .given([withPassword, kakaoLinked])
      .when({ ...linkKakao, id: 3, sealedUid: 'pii:v1:other', reservation: 'r-other' })
      .thenThrows('RuleBroken', messages.snsTypeAlreadyLinked);
  });

  it('given no user, when an account is linked, then not found', () => {
    user.given([]).when(linkKakao).thenThrows('NotFound', messages.userNotFound);
  });

  it('given an erased user, when an account is linked, then not found', () => {
    user
      .given([withPassword, { type: 'UserErased', data: { groups: [] } }])
      .when(linkKakao)
      .thenThrows('NotFound', messages.userNotFound);
  });
});

describe('unlinking a provider account', () => {
  it('given a password and a Kakao account, when Kakao is unlinked, then SnsAccountUnlinked', () => {
    user
      .given([withPassword, kakaoLinked])
      .when({ type: 'UnlinkSnsAccount', id: 1 })
      .thenEvents([{ type: 'SnsAccountUnlinked', data: { id: 1, type: 'Kakao', reservation: 'r-kakao' } }]);
  });

  it('given no password and two accounts, when one is unlinked, then SnsAccountUnlinked', () => {
    user
      .given([snsOnly, kakaoLinked, naverLinked])
      .when({ type: 'UnlinkSnsAccount', id: 2 })
      .thenEvents([{ type: 'SnsAccountUnlinked', data: { id: 2, type: 'Naver', reservation: 'r-naver' } }]);
  });

  it('given no password and one account, when it is unlinked, then refused: the last way to sign in', () => {
    user
      .given([snsOnly, kakaoLinked])
      .when({ type: 'UnlinkSnsAccount', id: 1 })
      .thenThrows('RuleBroken', messages.cannotUnlinkLastSignIn);
  });

  it('given an account unlinked, when it is unlinked again, then not found', () => {
    user
      .given([
        withPassword,
        kakaoLinked,
        { type: 'SnsAccountUnlinked', data: { id: 1, type: 'Kakao', reservation: 'r-kakao' } },
      ])
      .when({ type: 'UnlinkSnsAccount', id: 1 })
      .thenThrows('NotFound', messages.snsAccountNotFound);
  });

  it('given an unlinked Kakao account, when another Kakao account is linked, then SnsAccountLinked', () => {
    user
      .given([
        withPassword,
        kakaoLinked,
        { type: 'SnsAccountUnlinked', data: { id: 1, type: 'Kakao', reservation: 'r-kakao' } },
      ])
      .when({ ...linkKakao, id: 4, reservation: 'r-new' })
      .thenEvents([{ ...kakaoLinked, data: { ...kakaoLinked.data, id: 4, reservation: 'r-new' } }]);
  });
});

describe('provider account reservations', () => {
  it('given none, when reserved, then SnsAccountReserved', () => {
    reservations
      .given([])
      .when({ type: 'ReserveSnsAccount', userId: 7 })
      .thenEvents([{ type: 'SnsAccountReserved', data: { userId: 7 } }]);
  });

  it('given reserved by the same user, when reserved again, then nothing', () => {
    reservations
      .given([{ type: 'SnsAccountReserved', data: { userId: 7 } }])
      .when({ type: 'ReserveSnsAccount', userId: 7 })
      .thenEvents([]);
  });

  it('given reserved by another user, when reserved, then refused', () => {
    reservations
      .given([{ type: 'SnsAccountReserved', data: { userId: 8 } }])
      .when({ type: 'ReserveSnsAccount', userId: 7 })
      .thenThrows('RuleBroken', messages.snsAccountInUse);
  });

  it('given released, when another user reserves, then SnsAccountReserved', () => {
    reservations
      .given([
        { type: 'SnsAccountReserved', data: { userId: 8 } },
        { type: 'SnsAccountReleased', data: { userId: 8 } },
      ])
      .when({ type: 'ReserveSnsAccount', userId: 7 })
      .thenEvents([{ type: 'SnsAccountReserved', data: { userId: 7 } }]);
  });

  it('given reserved by another user, when this user releases, then nothing', () => {
    reservations
      .given([{ type: 'SnsAccountReserved', data: { userId: 8 } }])
      .when({ type: 'ReleaseSnsAccount', userId: 7 })
      .thenEvents([]);
  });
});
