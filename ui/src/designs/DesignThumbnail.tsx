import { DrawingImage } from '../resources/kit/DrawingImage';

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
  return (
    <DrawingImage
      path={`/api/design/${id}/thumbnail.svg`}
      version={revision}
      alt={`${name} 도면`}
      height={height}
    />
  );
}
