import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { PublicLayout } from '../PublicLayout';

/** The frame of every account screen: the public layout, one card, the screen's title as h1. */
export function AccountCard({
  title,
  intro,
  children,
  maxWidth = 'xs',
}: {
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  return (
    <PublicLayout maxWidth={maxWidth}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {intro && <Typography color="text.secondary">{intro}</Typography>}
            {children}
          </Stack>
        </CardContent>
      </Card>
    </PublicLayout>
  );
}
