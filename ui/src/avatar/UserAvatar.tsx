import PersonIcon from '@mui/icons-material/Person';
import { Avatar, type SxProps, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { type AvatarUser, avatarUrl, defaultAvatarSize } from './avatarUrl';

/** The URL of a user's avatar (async: the e-mail hash is computed); undefined until known. */
export function useAvatarUrl(user: AvatarUser | null | undefined, size = defaultAvatarSize) {
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  const id = user?.id;
  const email = user?.email;
  const imageName = user?.image?.name;
  const imageId = user?.image?.id;
  useEffect(() => {
    let current = true;
    if (id === undefined) {
      setUrl(null);
      return;
    }
    const image = imageName !== undefined && imageId !== undefined ? { id: imageId, name: imageName } : null;
    avatarUrl({ id, email: email ?? null, image }, size).then(
      (found) => current && setUrl(found),
      () => current && setUrl(null),
    );
    return () => {
      current = false;
    };
  }, [id, email, imageId, imageName, size]);
  return url;
}

export interface UserAvatarProps {
  user: (AvatarUser & { name?: string | null }) | null | undefined;
  /** Shown size in pixels; the image asked for is the default avatar size (70) or larger. */
  size?: number;
  /** A picture to show instead (the preview of a photo not saved yet). */
  src?: string;
  sx?: SxProps<Theme>;
}

/**
 * A user's avatar: their photo, else the e-mail-hash avatar. When neither loads (offline, no
 * such picture, an erased user) it shows the name's first letter or a person icon.
 */
export function UserAvatar({ user, size = 40, src, sx }: UserAvatarProps) {
  const url = useAvatarUrl(src ? null : user, Math.max(defaultAvatarSize, size));
  const name = user?.name ?? '';
  return (
    <Avatar
      src={src ?? url ?? undefined}
      alt={name ? `${name} 프로필 사진` : '프로필 사진'}
      sx={[{ width: size, height: size, fontSize: size * 0.45 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {name ? name.trim().charAt(0) : <PersonIcon fontSize="inherit" />}
    </Avatar>
  );
}
