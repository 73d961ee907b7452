import type { SxProps, Theme } from '@mui/material';

/**
 * Room between stacked inputs: with the outlined inputs of our theme, a helper text line otherwise
 * touches the floating label of the input below it.
 */
export const formSx: SxProps<Theme> = { '& .MuiTextField-root, & .MuiAutocomplete-root': { mb: 1 } };

/** The same for a form inside a card section (the card gives the padding). */
export const sectionFormSx: SxProps<Theme> = {
  p: 0,
  ...formSx,
  // The room react-admin keeps under a form (5em) for its toolbar fixed at the bottom of a phone's
  // window; a section's toolbar stays in place (inlineToolbarSx), so the room is not needed.
  '&.MuiCardContent-root, & .MuiCardContent-root': { paddingBottom: 0 },
};

/**
 * For the toolbar of a form that shares its page with other forms (the profile's sections): on a
 * phone react-admin fixes every form toolbar to the bottom of the window, where they lie over each
 * other and over the fields. Such a toolbar stays under its own form.
 */
export const inlineToolbarSx: SxProps<Theme> = {
  '&.RaToolbar-mobileToolbar': { position: 'static', px: 0 },
};
