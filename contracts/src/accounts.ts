import { z } from 'zod';
import { AgreementsSchema } from './agreements';
import { clientLogLevels } from './client-log';
import { messages } from './messages';
import { RolesSchema } from './role-schemas';
import { selectableUserStatuses, UserId } from './user';
import { email, optionalText, positiveId, requiredText } from './validation';

/** Lengths and counts an account's fields may not exceed (the forms and the API refuse more). */
export const accountLimits = {
  name: 50,
  erpId: 8,
  bpCode: 6,
  businessDescription: 1000,
  phoneMin: 9,
  phoneMax: 20,
  passwordMin: 12,
  passwordMax: 128,
  profileImageBytes: 10_000_000,
} as const;

/**
 * Password policy after NIST SP 800-63B and OWASP ASVS: length over composition rules (12 to 128
 * characters, any characters, spaces allowed), no hints, and a refusal of passwords seen in
 * breach lists' top entries. Whether it equals the e-mail address is checked where both are known.
 */
const commonPasswords = new Set([
  '123456789012',
  '1234567890123',
  'qwertyuiopas',
  'password1234',
  'password12345',
  'passwordpassword',
  'aaaaaaaaaaaa',
  '111111111111',
  '000000000000',
  'qwerty123456',
  '1q2w3e4r5t6y',
  'iloveyou1234',
  'adminadmin12',
  'administrator',
  'letmein12345',
  'welcome12345',
  'abcdefghijkl',
  'abcd12345678',
  'qwer12345678',
  'asdf12345678',
  'zxcvbnm12345',
  '1q2w3e4r1q2w3e4r',
  'qwertyqwerty',
  '123123123123',
]);

export const PasswordSchema = z
  .string({ error: messages.required })
  .min(accountLimits.passwordMin, { error: messages.minLength(accountLimits.passwordMin) })
  .max(accountLimits.passwordMax, { error: messages.maxLength(accountLimits.passwordMax) })
  .refine((p) => !commonPasswords.has(p.toLowerCase()) && new Set(p).size > 2, {
    error: messages.commonPassword,
  });

/** The one password rule that needs the address: it may not be the address itself. */
export function isPasswordTheEmail(password: string, email: string): boolean {
  const normalized = (text: string) => text.trim().normalize('NFC').toLowerCase();
  return normalized(password) === normalized(email);
}

/** A phone number is digits only, 9 to 20 of them, so it compares and dials the same however typed. */
export const PhoneSchema = z
  .string({ error: messages.invalidPhone })
  .trim()
  .regex(/^\d{9,20}$/, { error: messages.invalidPhone });

/**
 * 사업자등록번호 check digit, as the National Tax Service defines it: weights 1,3,7,1,3,7,1,3,5
 * on d1..d9, S = Σ dᵢ·wᵢ + ⌊d9·5/10⌋, valid when d10 = (10 − S mod 10) mod 10.
 */
export function isValidRegistrationNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const d = [...value].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const sum = weights.reduce((s, w, i) => s + d[i]! * w, 0) + Math.floor((d[8]! * 5) / 10);
  return d[9] === (10 - (sum % 10)) % 10;
}

export const RegistrationNumberSchema = z
  .string({ error: messages.invalidRegistrationNumber })
  .trim()
  .transform((v) => v.replaceAll('-', ''))
  .pipe(
    z
      .string()
      .regex(/^\d{10}$/, { error: messages.invalidRegistrationNumber })
      .refine(isValidRegistrationNumber, { error: messages.registrationNumberCheckDigit }),
  );

/** A business's profile as sent at sign-up and from the business profile page. */
export const BusinessInputSchema = z.object({
  registrationNumber: RegistrationNumberSchema,
  // "required when given": absent is fine, present must not be blank.
  representative: requiredText(accountLimits.name),
  mobile: PhoneSchema,
  telephone: PhoneSchema.optional().or(z.literal('').transform(() => undefined)),
  address: requiredText(255).optional(),
  industry: optionalText(100),
  description: requiredText(accountLimits.businessDescription),
});
export type BusinessInput = z.output<typeof BusinessInputSchema>;

/** A mobile code as sent with a sign-up or a change of number: six digits. */
export const VerificationCodeSchema = z
  .string({ error: messages.invalidCode })
  .regex(/^\d{6}$/, { error: messages.invalidCode });

export const PersonalSignupSchema = z.object({
  email,
  password: PasswordSchema,
  name: requiredText(accountLimits.name),
  mobile: PhoneSchema,
  code: VerificationCodeSchema,
  agreements: AgreementsSchema,
});
export type PersonalSignup = z.output<typeof PersonalSignupSchema>;

export const BusinessSignupSchema = PersonalSignupSchema.extend({ business: BusinessInputSchema });
export type BusinessSignup = z.output<typeof BusinessSignupSchema>;

export const MobileCodeRequestSchema = z.object({ mobile: PhoneSchema });
/** A token in a body: a refresh token (POST api/token) or a mailed link's token. */
export const TokenBodySchema = z.object({
  token: z.string({ error: messages.invalidToken }).min(1, { error: messages.invalidToken }).max(2048),
});
export const EmailBodySchema = z.object({ email });
export const PasswordResetSchema = TokenBodySchema.extend({ password: PasswordSchema });
export const PasswordChangeSchema = z.object({
  currentPassword: z.string({ error: messages.required }).min(1, { error: messages.required }).max(1024),
  newPassword: PasswordSchema,
});
export const MarketingConsentSchema = z.object({ agreed: z.boolean({ error: messages.invalidValue }) });

/** Admin's edit of a user (PUT /api/user/{id}), with the same limits as sign-up. */
export const UserAdminUpdateSchema = z.object({
  name: requiredText(accountLimits.name),
  roles: RolesSchema,
  status: z.enum(selectableUserStatuses, { error: messages.invalidValue }),
  groups: z
    .array(positiveId(messages.invalidGroupId))
    .max(200)
    .default([])
    .transform((g) => [...new Set(g)].sort((a, b) => a - b)),
  erpId: requiredText(accountLimits.erpId)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
  bpCode: requiredText(accountLimits.bpCode)
    .optional()
    .nullable()
    .or(z.literal('').transform(() => null)),
});
export type UserAdminUpdate = z.output<typeof UserAdminUpdateSchema>;

/** Admin's creation of an account (POST /api/user): with a password, or an invitation e-mail. */
export const UserAdminCreateSchema = z.object({
  email,
  name: requiredText(accountLimits.name),
  roles: RolesSchema,
  status: z.enum(selectableUserStatuses, { error: messages.invalidValue }).optional(),
  password: PasswordSchema.optional(),
});
export type UserAdminCreate = z.output<typeof UserAdminCreateSchema>;

/**
 * The profile fields a user edits (PUT /api/user/current, multipart fields besides files). A new
 * mobile number comes with the SMS code sent to it (POST /api/code), which the change uses up.
 */
export const ProfileUpdateSchema = z.object({
  name: requiredText(accountLimits.name),
  mobile: PhoneSchema.optional(),
  code: VerificationCodeSchema.optional().or(z.literal('').transform(() => undefined)),
});

/** `POST api/log {events}`: what a browser queued, bounded in count and size so no client can flood the table. */
export const ClientLogEventSchema = z.object({
  type: z.string().trim().min(1).max(100),
  level: z.enum(clientLogLevels).default('info'),
  message: z.string().max(2000).default(''),
  path: z.string().max(500).optional(),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z
    .record(z.string(), z.unknown())
    .optional()
    .refine((d) => d === undefined || JSON.stringify(d).length <= 4096, { error: messages.maxLength(4096) }),
});
export const ClientLogUploadSchema = z.object({ events: z.array(ClientLogEventSchema).max(100) });
export type ClientLogEvent = z.output<typeof ClientLogEventSchema>;

/** The password typed again to confirm an account change (회원 탈퇴, a new e-mail address). */
const confirmingPassword = z
  .string({ error: messages.required })
  .min(1, { error: messages.required })
  .max(1024);
export const CloseAccountSchema = z.object({ password: confirmingPassword });
export const EmailChangeSchema = z.object({ email, password: confirmingPassword });
/** `POST api/usergroup/{id}/members {userId}`: a user joins the group. */
export const GroupMemberSchema = z.object({ userId: UserId });
