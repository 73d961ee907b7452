import { dashboardPath } from '@interior/contracts';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RedoIcon from '@mui/icons-material/Redo';
import UndoIcon from '@mui/icons-material/Undo';
import { AppBar, Button, IconButton, Menu, MenuItem, Toolbar, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { type SaveState, saveLabels } from './useDesignDocument';

interface Props {
  designId: number;
  name: string;
  saveState: SaveState;
  revision: number;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onSave: () => void;
  onShortcuts: () => void;
  threeD: boolean;
  onThreeD: () => void;
  requesting: boolean;
  onRequestEstimate: () => void;
  /** A phone's width: undo and redo as icons, the rest under 더 보기, nothing wider than the screen. */
  compact: boolean;
}

/** The editor's top bar: back to the design, its name, the save state, undo and redo, and the page's actions. */
export function EditorTopBar(props: Props) {
  const { designId, name, saveState, revision, compact } = props;
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const state = (
    <Typography
      variant={compact ? 'caption' : 'body2'}
      data-testid="save-state"
      aria-live="polite"
      noWrap={compact}
      sx={compact ? { flexShrink: 1, minWidth: 0 } : undefined}
    >
      {saveLabels[saveState]}
      {compact ? '' : ` · 리비전 ${revision}`}
    </Typography>
  );
  const title = (
    <Typography
      variant="h6"
      component="h1"
      sx={{ flexGrow: 1, fontSize: compact ? '0.95rem' : '1.05rem', minWidth: 0 }}
      noWrap
    >
      {name} 편집
    </Typography>
  );
  const back = (
    <Button
      color="inherit"
      component={RouterLink}
      to={`${dashboardPath}/mydesign/${designId}/overview`}
      sx={compact ? { minWidth: 0, px: 1, flexShrink: 0 } : undefined}
    >
      ← 디자인
    </Button>
  );
  if (compact) {
    const act = (run: () => void) => () => {
      setMenu(null);
      run();
    };
    return (
      <AppBar position="static" color="primary" elevation={1}>
        <Toolbar variant="dense" disableGutters sx={{ gap: 0.5, px: 0.5 }}>
          {back}
          {title}
          {state}
          <IconButton color="inherit" aria-label="되돌리기" disabled={!props.canUndo} onClick={props.onUndo}>
            <UndoIcon />
          </IconButton>
          <IconButton color="inherit" aria-label="다시 하기" disabled={!props.canRedo} onClick={props.onRedo}>
            <RedoIcon />
          </IconButton>
          <IconButton
            color="inherit"
            aria-label="더 보기"
            aria-haspopup="menu"
            onClick={(event) => setMenu(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
            <MenuItem disabled={saveState === 'saved'} onClick={act(props.onSave)}>
              저장
            </MenuItem>
            <MenuItem onClick={act(props.onThreeD)}>{props.threeD ? '2D 평면' : '3D 보기'}</MenuItem>
            <MenuItem disabled={props.requesting} onClick={act(props.onRequestEstimate)}>
              견적 요청
            </MenuItem>
            <MenuItem onClick={act(props.onShortcuts)}>단축키 (?)</MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
    );
  }
  return (
    <AppBar position="static" color="primary" elevation={1}>
      <Toolbar variant="dense" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {back}
        {title}
        {state}
        <Tooltip title="되돌리기 (Ctrl+Z)">
          <span>
            <Button color="inherit" disabled={!props.canUndo} onClick={props.onUndo}>
              되돌리기
            </Button>
          </span>
        </Tooltip>
        <Tooltip title="다시 하기 (Ctrl+Y)">
          <span>
            <Button color="inherit" disabled={!props.canRedo} onClick={props.onRedo}>
              다시 하기
            </Button>
          </span>
        </Tooltip>
        <Tooltip title="지금 저장 (Ctrl+S)">
          <span>
            <Button color="inherit" disabled={saveState === 'saved'} onClick={props.onSave}>
              저장
            </Button>
          </span>
        </Tooltip>
        <Button color="inherit" onClick={props.onShortcuts}>
          단축키 (?)
        </Button>
        <Button color="inherit" onClick={props.onThreeD} aria-pressed={props.threeD}>
          {props.threeD ? '2D 평면' : '3D 보기'}
        </Button>
        <Button
          color="inherit"
          variant="outlined"
          disabled={props.requesting}
          onClick={props.onRequestEstimate}
        >
          견적 요청
        </Button>
      </Toolbar>
    </AppBar>
  );
}
