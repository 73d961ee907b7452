import type { SxProps, Theme } from '@mui/material';

/**
 * Room between stacked inputs: with the outlined inputs of our theme, a helper text line otherwise
 * touches the floating label of the input below it.
 */
export const formSx: SxProps<Theme> = { '& .MuiTextField-root, & .MuiAutocomplete-root': { mb: 1 } };

/** The same for a form inside a card section (the card gives the padding). */
export const sectionFormSx: SxProps<Theme> = { p: 0, ...formSx };
