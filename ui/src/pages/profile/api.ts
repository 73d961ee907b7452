import type { BusinessInput, BusinessProfile, LoginResponse, UserDetail } from '@interior/contracts';
import { ApiError, apiBase, apiJson } from '../../session';

/** The signed-in user's own account: profile and business profile; photo changes go as the multipart upload payload. */
const current = `${apiBase}/user/current`;

export const fetchCurrentUser = () => apiJson<UserDetail>(current);

/**
 * PUT /api/user/current as the upload payload (multipart/form-data): the fields, the photo
 * as `attachment0`, `filesSize` mapping its name to its size, and `attachmentChanged` "true" when
 * the photo was replaced or removed ("true" without a file removes it). The browser sets the
 * multipart Content-Type with its boundary.
 */
export interface ProfileSave {
  name: string;
  mobile?: string;
  /** The SMS code sent to a new mobile number (POST /api/code); the save uses it up. */
  code?: string;
  photo: PhotoChange;
}

export type PhotoChange =
  | { kind: 'keep' }
  | { kind: 'replace'; file: File; preview: string }
  | { kind: 'remove' };

export function profileFormData({ name, mobile, code, photo }: ProfileSave): FormData {
  const form = new FormData();
  form.set('name', name);
  if (mobile) form.set('mobile', mobile);
  if (mobile && code) form.set('code', code);
  form.set('attachmentChanged', photo.kind === 'keep' ? 'false' : 'true');
  if (photo.kind === 'replace') {
    form.set('filesSize', JSON.stringify({ [photo.file.name]: photo.file.size }));
    form.set('attachment0', photo.file, photo.file.name);
  }
  return form;
}

export const saveProfile = (save: ProfileSave) =>
  apiJson<UserDetail>(current, { method: 'PUT', body: profileFormData(save) });

/** Ends every session of the user and answers a new token pair for this one. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  apiJson<LoginResponse>(`${current}/password`, { method: 'PUT', json: { currentPassword, newPassword } });

export const setMarketingConsent = (agreed: boolean) =>
  apiJson<UserDetail>(`${current}/marketing`, { method: 'PUT', json: { agreed } });

/** The business profile, or null when none was saved yet (404). */
export async function fetchBusinessProfile(): Promise<BusinessProfile | null> {
  try {
    return await apiJson<BusinessProfile>(`${current}/business`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const saveBusinessProfile = (input: BusinessInput) =>
  apiJson<UserDetail>(`${current}/business`, { method: 'PUT', json: input });

/**
 * A refused save as react-admin form errors: the API's field errors (its `attachment0` is the
 * photo input), a too large photo (413) on the photo too; anything else is no field's error and
 * is returned as `message` for a notice.
 */
export function formErrorsOf(
  error: unknown,
  fieldNames: Readonly<Record<string, string>> = {},
): { fields: Record<string, string> | null; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  if (!(error instanceof ApiError)) return { fields: null, message };
  if (error.status === 413)
    return { fields: fieldNames.attachment0 ? { [fieldNames.attachment0]: message } : null, message };
  const errors = error.body?.errors;
  if (!errors || Object.keys(errors).length === 0) return { fields: null, message };
  const fields: Record<string, string> = {};
  for (const [field, text] of Object.entries(errors)) fields[fieldNames[field] ?? field] = text;
  return { fields, message };
}

/** POST /api/user/current/email: a link goes to the new address; the answer is alike either way. */
export const requestEmailChange = (email: string, password: string) =>
  apiJson<{ status: number; message: string }>(`${current}/email`, {
    method: 'POST',
    json: { email, password },
  });

/** POST /api/user/current/withdraw: 회원 탈퇴; the account is erased and every session ends. */
export const withdraw = (password: string) =>
  apiJson<void>(`${current}/withdraw`, { method: 'POST', json: { password } });
