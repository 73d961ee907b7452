import type { StoredFile } from './files';

/**
 * Where a stored file is served (public: an <img> cannot send a token; the name is unguessable).
 * Apart from the files' schemas so that the screens showing a stored picture at start (the
 * dashboard's pop-up banners) do not bring zod with it.
 */
export const fileUrl = (file: Pick<StoredFile, 'name'>) => `/api/file/${file.name}`;
