import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import type { Tool } from './PlanCanvas';

/** Each tool, its name on its button and the key that picks it (upper or lower case alike). */
export const tools: readonly { tool: Tool; label: string; key: string }[] = [
  { tool: 'select', label: '선택 (Esc)', key: 'V' },
  { tool: 'room', label: '방 그리기', key: 'R' },
  { tool: 'polygon', label: '다각형 방', key: 'P' },
  { tool: 'wall', label: '벽 그리기', key: 'W' },
  { tool: 'door', label: '문', key: 'D' },
  { tool: 'window', label: '창', key: 'N' },
  { tool: 'item', label: '제품 놓기', key: 'F' },
  { tool: 'wallDrawing', label: '벽면도 붙이기', key: 'A' },
];

/** The tool a key picks, if any (a plain letter, no Ctrl, Cmd or Alt). */
export function toolOfKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  return tools.find((t) => t.key === event.key.toUpperCase())?.tool;
}

const toolName = (label: string) => label.replace(/ \(Esc\)$/, '');

/** Every shortcut of the editor: the tools' keys first, then the rest. */
const shortcuts: readonly (readonly [string, string])[] = [
  ...tools.map((t) => [t.key, `${toolName(t.label)} 도구`] as const),
  ['Ctrl+S', '지금 저장'],
  ['Ctrl+Z', '되돌리기'],
  ['Ctrl+Y', '다시 하기 (Ctrl+Shift+Z도)'],
  ['숫자 + Enter', '그리는 중인 변(벽)의 길이를 mm로 정하기'],
  ['Enter', '다각형 방 닫기, 벽 잇기 끝내기'],
  ['Shift+클릭', '여러 요소 고르기, 다시 누르면 빼기 (Ctrl+클릭도)'],
  ['Shift+끌기', '사각형 안의 요소를 모두 고르기'],
  ['Ctrl+A', '모두 고르기'],
  ['Ctrl+C / V', '고른 방·벽·제품 복사와 붙여넣기'],
  ['Delete', '고른 요소 모두 삭제 (벽은 문·창과 함께, 방은 다른 방이 쓰지 않는 벽과 함께)'],
  ['Esc', '선택 해제, 선택 도구로'],
  ['끌기', '제품·벽 옮기기, 문·창 밀기, 여럿 고른 채로 함께 옮기기'],
  ['고른 방 끌기', '방을 벽과 함께 옮기기'],
  ['손잡이 끌기', '제품 돌리기 (15° 단위)'],
  ['빈 곳 끌기', '화면 옮기기 (가운데 버튼 끌기는 어느 도구에서나)'],
  ['휠', '확대·축소'],
  ['?', '이 단축키 목록'],
];

/** The 단축키 dialog: every shortcut, opened by its button or by "?". */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" maxWidth="sm" fullWidth>
      <DialogTitle id="shortcuts-title">단축키</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          Mac에서는 Ctrl 대신 Cmd(⌘)를 누릅니다.
        </Typography>
        <Box
          component="dl"
          data-testid="shortcut-list"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75 }}
        >
          {shortcuts.map(([key, what]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {key}
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {what}
              </Box>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>닫기</Button>
      </DialogActions>
    </Dialog>
  );
}
