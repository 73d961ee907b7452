import {
  accountLimits,
  BusinessInputSchema,
  messages,
  UserAdminCreateSchema,
  UserAdminUpdateSchema,
} from '@interior/contracts';
import { schemaValidator, toFieldErrors, withoutEmpty } from './validation';

describe('schemaValidator', () => {
  const validateUpdate = schemaValidator(UserAdminUpdateSchema);

  it('words errors exactly as the API does', () => {
    expect(
      validateUpdate({ name: 'x'.repeat(51), roles: [], status: 'Active', erpId: '123456789', bpCode: null }),
    ).toEqual({
      name: messages.maxLength(accountLimits.name),
      roles: messages.rolesRequired,
      erpId: '8 글자 이하로 입력해야 합니다.',
    });
    expect(messages.maxLength(50)).toBe('50 글자 이하로 입력해야 합니다.');
    expect(validateUpdate({ name: null, roles: ['Admin'], status: 'Active' })).toEqual({
      name: messages.required,
    });
  });

  it('accepts a valid edit with empty optional codes', () => {
    expect(
      validateUpdate({ name: '홍길동', roles: ['Designer'], status: 'Inactive', groups: [], erpId: null }),
    ).toEqual({});
  });

  it('never offers Deleted as a status', () => {
    expect(validateUpdate({ name: '홍길동', roles: ['Designer'], status: 'Deleted' })).toEqual({
      status: messages.invalidValue,
    });
  });

  it('checks a new account: address, optional password policy', () => {
    const validateCreate = schemaValidator(UserAdminCreateSchema);
    expect(validateCreate({ email: 'nope', name: '김', roles: ['Guest'], password: null })).toEqual({
      email: messages.invalidEmail,
    });
    expect(validateCreate({ email: 'a@b.kr', name: '김', roles: ['Guest'], password: 'short' })).toEqual({
      password: messages.minLength(12),
    });
    expect(
      validateCreate({ email: 'a@b.kr', name: '김', roles: ['Guest'], password: 'password1234' }),
    ).toEqual({ password: messages.commonPassword });
  });

  it('checks the registration number check digit', () => {
    const validateBusiness = schemaValidator(BusinessInputSchema);
    const base = { representative: '김대표', mobile: '01012345678', description: '인테리어' };
    expect(validateBusiness({ ...base, registrationNumber: '124-81-00998' })).toEqual({});
    expect(validateBusiness({ ...base, registrationNumber: '1248100999' })).toEqual({
      registrationNumber: messages.registrationNumberCheckDigit,
    });
    expect(validateBusiness({ ...base, registrationNumber: '12481' })).toEqual({
      registrationNumber: messages.invalidRegistrationNumber,
    });
  });
});

describe('helpers', () => {
  it('drop empty values and fold nested paths onto their input', () => {
    expect(withoutEmpty({ a: '', b: null, c: 0, d: 'x' })).toEqual({ c: 0, d: 'x' });
    expect(toFieldErrors({ 'roles.0': 'bad', roles: 'worse', name: 'n' })).toEqual({
      roles: 'bad',
      name: 'n',
    });
  });
});
