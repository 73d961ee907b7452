import { Icon } from '../plain/Icon';
import '../plain/plain.css';
import { paletteSwitch, setPaletteMode, usePaletteMode } from './mode';

/** ThemeModeToggle for the pages drawn without MUI: the same switch, label and icons. */
export function PlainThemeModeToggle() {
  const { next, label } = paletteSwitch(usePaletteMode());
  return (
    <button
      type="button"
      className="plain-icon-button"
      aria-label={label}
      title={label}
      onClick={() => setPaletteMode(next)}
    >
      <Icon name={next === 'dark' ? 'darkMode' : 'lightMode'} />
    </button>
  );
}
