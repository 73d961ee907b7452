import {
  Button,
  FormControlLabel,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { Panel } from './Panel';
import type { Tool } from './PlanCanvas';
import { tools } from './ShortcutsDialog';

const toolHelp: Record<Tool, string> = {
  select:
    '요소를 눌러 고릅니다. Shift(또는 Ctrl)+클릭으로 여러 개를 고르고, Shift+끌기로 사각형 안을 모두 고릅니다. 빈 곳을 끌면 화면이 옮겨지고, 휠로 확대·축소합니다.',
  room: '끌어서 직사각형 방을 그립니다. 벽 네 개가 함께 생깁니다.',
  wall: '벽의 시작점과 끝점을 차례로 누릅니다. 이어서 누르면 벽이 이어지고, Enter로 끝냅니다. Shift는 직각. 벽이 닫히면 그 안이 방이 됩니다.',
  polygon:
    '모서리를 차례로 누르고 첫 점을 다시 누르거나 Enter로 닫습니다. 벽 끝에 붙고, Shift를 누르면 직각으로 그립니다.',
  door: '벽을 누르면 그 자리에 문을 놓습니다.',
  window: '벽을 누르면 그 자리에 창을 놓습니다.',
  item: '제품 목록에서 제품을 고른 뒤 평면을 눌러 놓습니다.',
  wallDrawing: '벽면도 목록에서 벽면도(아트월)를 고른 뒤 벽을 눌러 붙입니다.',
};

/** The tools (each with its key in its tooltip), the 치수 표시 switch and 닫힌 벽으로 방 만들기. */
export function ToolsPanel({
  tool,
  onTool,
  dimensions,
  onDimensions,
  openAreas,
  onRoomsFromWalls,
  touch = false,
}: {
  tool: Tool;
  onTool: (tool: Tool) => void;
  dimensions: boolean;
  onDimensions: (shown: boolean) => void;
  /** Enclosed areas of walls no room covers. */
  openAreas: number;
  onRoomsFromWalls: () => void;
  /** On a touch screen: two columns of tools, and the help for fingers. */
  touch?: boolean;
}) {
  return (
    <Panel title="도구">
      <ToggleButtonGroup
        aria-label="도구"
        exclusive
        size="small"
        orientation={touch ? 'horizontal' : 'vertical'}
        fullWidth
        value={tool}
        onChange={(_, value) => value && onTool(value)}
        sx={touch ? { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 0.5 } : undefined}
      >
        {tools.map((t) => (
          // The tooltip describes the button, so its name stays the tool's name.
          <Tooltip key={t.tool} title={`단축키 ${t.key}`} placement="right" describeChild>
            <ToggleButton value={t.tool} sx={touch ? { border: 1, borderColor: 'divider' } : undefined}>
              {t.label}
            </ToggleButton>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Switch checked={dimensions} onChange={(e) => onDimensions(e.target.checked)} />}
        label="치수 표시"
      />
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {touch
          ? '한 손가락으로 끌면 화면이 옮겨지고, 두 손가락으로 벌리거나 좁히면 확대·축소합니다. 요소를 누르면 고릅니다.'
          : toolHelp[tool]}
      </Typography>
      {touch && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {toolHelp[tool]}
        </Typography>
      )}
      <Tooltip title="벽으로 둘러싸였지만 방이 없는 곳마다 방을 만듭니다.">
        <span>
          <Button
            size="small"
            variant="outlined"
            fullWidth
            sx={{ mt: 1 }}
            disabled={openAreas === 0}
            onClick={onRoomsFromWalls}
          >
            닫힌 벽으로 방 만들기{openAreas > 0 ? ` (${openAreas})` : ''}
          </Button>
        </span>
      </Tooltip>
    </Panel>
  );
}
