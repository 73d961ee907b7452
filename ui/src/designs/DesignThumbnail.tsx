import { Box, Skeleton } from '@mui/material';
import { useThumbnail } from './api';

/** The design's drawing (the server's thumbnail.svg) in a fixed frame. */
export function DesignThumbnail({
  id,
  revision,
  name,
  height = 160,
}: {
  id: number;
  revision: number;
  name: string;
  height?: number;
}) {
  const { data } = useThumbnail(id, revision);
  if (!data) return <Skeleton variant="rectangular" height={height} />;
  return (
    <Box
      component="img"
      src={data}
      alt={`${name} 도면`}
      sx={{ width: '100%', height, objectFit: 'contain', bgcolor: 'background.default', display: 'block' }}
    />
  );
}
