import type { EditDefaults } from './edit';

/** The design properties the editor's unit tests draw with. */
export const defaults: EditDefaults = {
  wallHeight: 2400,
  wallThickness: 120,
  doorHeight: 2100,
  windowSill: 900,
  grid: 100,
};
