import { z } from 'zod';
import { messages } from './messages';
import { type AgreementCode, agreementCodes } from './user';

/**
 * Consent at sign-up (PIPA). The texts' own pages are not written yet, so no `link` is given
 * (a consent's link is optional); the descriptions say what each consent covers.
 * terms of service, personal-information collection and use, and the
 * privacy policy are required and separate; marketing is optional. Each consent is stored with
 * the version of the text agreed to and the time: what proves the consent later (PIPA).
 */
export interface AgreementDefinition {
  value: AgreementCode;
  label: string;
  description: string;
  required: boolean;
  link?: string;
  /** Version of the text; a consent records the version it agreed to. */
  version: string;
}

export const agreementDefinitions: readonly AgreementDefinition[] = [
  {
    value: 'TOS',
    label: '서비스 이용약관 동의',
    description: '서비스 이용에 관한 기본 약관입니다.',
    required: true,
    version: '2026-11-01',
  },
  {
    value: 'PersonalInfoCollection',
    label: '개인정보 수집 및 이용 동의',
    description: '회원 가입과 서비스 제공을 위해 이름, 이메일, 휴대전화 번호를 수집하고 이용합니다.',
    required: true,
    version: '2026-11-01',
  },
  {
    value: 'PrivacyPolicy',
    label: '개인정보 처리방침 동의',
    description: '수집한 개인정보의 보관, 파기, 제3자 제공에 관한 방침입니다.',
    required: true,
    version: '2026-11-01',
  },
  {
    value: 'Marketing',
    label: '마케팅 정보 수신 동의 (선택)',
    description: '서비스 공지와 이벤트 소식을 이메일로 받습니다.',
    required: false,
    version: '2026-11-01',
  },
];

export const requiredAgreementCodes = agreementDefinitions.filter((a) => a.required).map((a) => a.value);

export const agreementVersion = (code: AgreementCode) =>
  agreementDefinitions.find((a) => a.value === code)!.version;

const AgreementListSchema = z
  .array(z.object({ code: z.enum(agreementCodes), agreed: z.boolean() }))
  .max(agreementCodes.length)
  .refine((list) => new Set(list.map((a) => a.code)).size === list.length);

/**
 * Agreements are a list of `{code, agreed}` ("올바른 이용약관 형식이 아닙니다." for any flaw of shape,
 * reported on the list as a whole), in which the three required ones are agreed
 * ("필수 항목이 선택되지 않았습니다.").
 */
export const AgreementsSchema = z.unknown().transform((input, context) => {
  const parsed = AgreementListSchema.safeParse(input);
  if (!parsed.success) {
    context.addIssue({ code: 'custom', message: messages.invalidAgreements });
    return z.NEVER;
  }
  if (!requiredAgreementCodes.every((code) => parsed.data.some((a) => a.code === code && a.agreed))) {
    context.addIssue({ code: 'custom', message: messages.requiredAgreementsMissing });
    return z.NEVER;
  }
  return parsed.data;
});

/** A consent as kept in events and read models. */
export interface Consent {
  code: AgreementCode;
  agreed: boolean;
  version: string;
  at: string;
}
