import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled part of the editor's side columns (or of the phone's bottom sheet). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
