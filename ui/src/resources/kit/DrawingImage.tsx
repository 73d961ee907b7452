import { Box, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useRecordContext } from 'react-admin';
import { apiFetch } from '../../session';

/**
 * A drawing the server makes (`…/thumbnail.svg` of a design, a plan template or a wall drawing) as
 * a data: URL for an <img>: fetched with the session's token (an <img src> cannot send it), and
 * shown as an image, so nothing in the SVG can run. Cached per record version.
 */
export function useDrawing(path: string, version: number) {
  return useQuery({
    queryKey: ['drawing', path, version],
    queryFn: async () => {
      const svg = await (await apiFetch(path)).text();
      const bytes = new TextEncoder().encode(svg);
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return `data:image/svg+xml;base64,${btoa(binary)}`;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A server-drawn drawing in a frame of a fixed height. */
export function DrawingImage({
  path,
  version,
  alt,
  height = 160,
}: {
  path: string;
  version: number;
  alt: string;
  height?: number;
}) {
  const { data } = useDrawing(path, version);
  if (!data) return <Skeleton variant="rectangular" height={height} />;
  return (
    <Box
      component="img"
      src={data}
      alt={alt}
      sx={{ width: '100%', height, objectFit: 'contain', bgcolor: 'background.default', display: 'block' }}
    />
  );
}

/** The drawing of the record in context (a plan template's plan, a wall drawing's elevation). */
export function RecordDrawing({
  resource,
  height = 320,
}: {
  resource: 'plan' | 'walldrawing';
  height?: number;
}) {
  const record = useRecordContext<{ id: number; version: number; name: string }>();
  if (!record) return null;
  return (
    <Box sx={{ maxWidth: 640 }}>
      <DrawingImage
        path={`/api/${resource}/${record.id}/thumbnail.svg`}
        version={record.version}
        alt={`${record.name} ${resource === 'plan' ? '평면도' : '입면도'}`}
        height={height}
      />
    </Box>
  );
}
