import { agreementDefinitions, messages } from '@interior/contracts';
import { ApiError, networkError } from '../../session';
import { agreementList, agreementsFrom, choicesFrom } from './agreementChoices';
import { formFailure } from './formFailure';
import { linkPurpose } from './linkToken';
import { formatCountdown, phoneDigits } from './MobileVerification';

const required = { TOS: true, PersonalInfoCollection: true, PrivacyPolicy: true };

describe('agreements carried to the sign-up form', () => {
  it('lists every definition with its choice, in the API shape', () => {
    expect(agreementList({ ...required, Marketing: false })).toEqual(
      agreementDefinitions.map((d) => ({ code: d.value, agreed: d.value !== 'Marketing' })),
    );
  });

  it('lets the form open only with the three required ones agreed', () => {
    expect(agreementsFrom({ agreements: agreementList(required) })).toHaveLength(4);
    expect(agreementsFrom({ agreements: agreementList({ TOS: true, PrivacyPolicy: true }) })).toBeNull();
    expect(agreementsFrom(null)).toBeNull();
    expect(agreementsFrom({ agreements: 'yes' })).toBeNull();
  });

  it('gives the agreement page its earlier choices back, ignoring junk', () => {
    expect(
      choicesFrom({ agreements: [{ code: 'Marketing', agreed: true }, { code: 'X', agreed: true }, null] }),
    ).toEqual({
      Marketing: true,
    });
    expect(choicesFrom(undefined)).toEqual({});
  });
});

describe('formFailure', () => {
  const badRequest = (errors: Record<string, string>) =>
    new ApiError(400, messages.validationFailed, { status: 400, message: messages.validationFailed, errors });

  it('puts field errors under the fields shown and the rest above the form', () => {
    expect(formFailure(badRequest({ email: messages.invalidEmail }), ['email'])).toEqual({
      message: null,
      fields: { email: messages.invalidEmail },
    });
    expect(
      formFailure(
        badRequest({
          'business.registrationNumber': messages.registrationNumberCheckDigit,
          agreements: messages.requiredAgreementsMissing,
        }),
        ['business.registrationNumber'],
      ),
    ).toEqual({
      message: messages.requiredAgreementsMissing,
      fields: { 'business.registrationNumber': messages.registrationNumberCheckDigit },
    });
  });

  it('says the API message for 429, also when the answer had no body', () => {
    expect(formFailure(new ApiError(429, 'Too Many Requests', null), []).message).toBe(
      messages.tooManyRequests,
    );
    expect(
      formFailure(
        new ApiError(429, messages.tooManyRequests, { status: 429, message: messages.tooManyRequests }),
        [],
      ).message,
    ).toBe(messages.tooManyRequests);
  });

  it('names network failures and unknown errors with their own Korean messages', () => {
    expect(formFailure(networkError(), []).message).toBe(messages.networkError);
    expect(formFailure(new Error('boom'), []).message).toBe(messages.unknownError);
  });
});

describe('linkPurpose', () => {
  const token = (payload: object) =>
    ['e30', Buffer.from(JSON.stringify(payload)).toString('base64url'), 'sig'].join('.');

  it('tells an invitation from a reset link, and nothing from anything else', () => {
    expect(linkPurpose(token({ purpose: 'invitation', sub: '3' }))).toBe('invitation');
    expect(linkPurpose(token({ purpose: 'reset-password' }))).toBe('reset-password');
    expect(linkPurpose(token({ purpose: 'verify-email' }))).toBeNull();
    expect(linkPurpose('not a token')).toBeNull();
    expect(linkPurpose(null)).toBeNull();
  });
});

describe('mobile helpers', () => {
  it('sends digits only and shows the countdown as m:ss', () => {
    expect(phoneDigits('010-1234 5678')).toBe('01012345678');
    expect(formatCountdown(180)).toBe('3:00');
    expect(formatCountdown(59)).toBe('0:59');
  });
});
