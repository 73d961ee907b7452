import { designDocumentSchema, drawDocumentSvg } from '@interior/contracts';
import { Alert, Box } from '@mui/material';

/** A document drawn in the browser by the same function the server draws thumbnails with. */
export function Drawing({ document, title }: { document: unknown; title: string }) {
  const parsed = designDocumentSchema.safeParse(document);
  if (!parsed.success) return <Alert severity="warning">문서를 그릴 수 없습니다.</Alert>;
  const svg = drawDocumentSvg(parsed.data, { title, width: 900 });
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return (
    <Box
      component="img"
      alt={`${title} 평면도`}
      src={`data:image/svg+xml;base64,${btoa(binary)}`}
      sx={{ width: '100%', maxHeight: 640, objectFit: 'contain' }}
    />
  );
}
