import { apiBase } from '../session';
import { sha256Hex } from '../session/sha256';

/** Avatars are 70px unless a size is given. */
export const defaultAvatarSize = 70;

/** What an avatar needs of a user: erased users have neither e-mail nor image. */
export interface AvatarUser {
  id: number;
  email?: string | null;
  image?: { id: number; name: string } | null;
}

/** `GET api/image/user/{id}/{name}`: the user's own photo (public, unguessable name). */
export const userImageUrl = (userId: number, imageName: string) =>
  `${apiBase}/image/user/${userId}/${encodeURIComponent(imageName)}`;

/**
 * Without a photo, the avatar comes from the e-mail-hash avatar service: the SHA-256 of the
 * trimmed, lower-cased address; `d=mp` is the service's default silhouette when it knows no picture for that hash.
 */
export async function gravatarUrl(email: string, size = defaultAvatarSize): Promise<string> {
  const hash = await sha256Hex(email.trim().toLowerCase());
  return `https://www.gravatar.com/avatar/${hash}?s=${size}&d=mp`;
}

/** The user's photo if they have one, else the e-mail-hash avatar; null for an erased user. */
export async function avatarUrl(user: AvatarUser, size = defaultAvatarSize): Promise<string | null> {
  if (user.image) return userImageUrl(user.id, user.image.name);
  if (user.email) return gravatarUrl(user.email, size);
  return null;
}
