import {
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  Paper,
  Stack,
  SwipeableDrawer,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';

type Sheet = 'tools' | 'catalogue' | 'properties' | 'price';

const sheetTitles: Record<Sheet, string> = {
  tools: '도구',
  catalogue: '제품',
  properties: '속성',
  price: '금액',
};

/**
 * Where the editor's parts sit. On a wide screen: tools and catalogue on the left, the plan in
 * the middle, properties and price on the right. On a phone or a small tablet the plan takes the
 * whole screen and each panel opens from a bar below it as a bottom sheet, as wide as the screen
 * and scrolling on its own; picking a tool, a product or a wall drawing closes it, so the next
 * touch lands on the plan.
 */
export function EditorLayout({
  compact,
  plan,
  selectionCount,
  tools,
  catalogue,
  properties,
  price,
}: {
  compact: boolean;
  plan: ReactNode;
  selectionCount: number;
  tools: (closeSheet: () => void) => ReactNode;
  catalogue: (closeSheet: () => void) => ReactNode;
  properties: ReactNode;
  price: ReactNode;
}) {
  const [sheet, setSheet] = useState<Sheet | null>(null);
  const close = () => setSheet(null);
  if (!compact)
    return (
      <Box sx={{ flex: 1, display: 'flex', minHeight: 0 }}>
        <Box sx={{ width: 240, flexShrink: 0, borderRight: 1, borderColor: 'divider', overflowY: 'auto' }}>
          {tools(close)}
          <Divider />
          {catalogue(close)}
        </Box>
        <Box sx={{ flex: 1, minWidth: 0, position: 'relative' }}>{plan}</Box>
        <Box sx={{ width: 340, flexShrink: 0, borderLeft: 1, borderColor: 'divider', overflowY: 'auto' }}>
          {properties}
          <Divider />
          {price}
        </Box>
      </Box>
    );

  const content: Record<Sheet, ReactNode> = {
    tools: tools(close),
    catalogue: catalogue(close),
    properties,
    price,
  };
  return (
    <>
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative' }}>{plan}</Box>
      <Paper
        component="nav"
        aria-label="편집 패널"
        square
        elevation={3}
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', pb: 'env(safe-area-inset-bottom)' }}
      >
        {(Object.keys(sheetTitles) as Sheet[]).map((key) => (
          <Button
            key={key}
            onClick={() => setSheet(key)}
            aria-haspopup="dialog"
            aria-expanded={sheet === key}
            aria-label={
              key === 'properties' && selectionCount > 0
                ? `${sheetTitles[key]} (${selectionCount}개 선택됨)`
                : sheetTitles[key]
            }
            sx={{ minWidth: 0, py: 1.25, borderRadius: 0 }}
          >
            {key === 'properties' ? (
              <Badge color="secondary" badgeContent={selectionCount}>
                {sheetTitles[key]}
              </Badge>
            ) : (
              sheetTitles[key]
            )}
          </Button>
        ))}
      </Paper>
      <SwipeableDrawer
        anchor="bottom"
        open={sheet !== null}
        onOpen={() => {}}
        onClose={close}
        disableSwipeToOpen
        // A closing sheet takes no touches: its fading backdrop would swallow the first touch on the
        // plan right after a tool is picked or the sheet is closed.
        sx={sheet === null ? { pointerEvents: 'none' } : undefined}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': sheet ? sheetTitles[sheet] : undefined,
            sx: { maxHeight: '75dvh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          },
        }}
      >
        <Stack direction="row" alignItems="center" sx={{ px: 1.5, pt: 1 }}>
          <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center' }}>
            <Box sx={{ width: 40, height: 4, borderRadius: 2, bgcolor: 'action.disabled' }} />
          </Box>
          <IconButton aria-label="닫기" onClick={close} size="small">
            <Typography component="span" aria-hidden>
              ✕
            </Typography>
          </IconButton>
        </Stack>
        <Box sx={{ overflowY: 'auto', overflowX: 'hidden' }} data-testid="editor-sheet">
          {sheet && content[sheet]}
        </Box>
      </SwipeableDrawer>
    </>
  );
}
