import { AppBar, Box, Container, Link, Toolbar } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { siteName } from '../pageTitle';
import { ThemeModeToggle } from '../theme/ThemeModeToggle';

/**
 * Frame of the public pages: the product name (home link), the palette switch, the page. The
 * sign-in page has the same frame without MUI (PlainLayout).
 */
export function PublicLayout({
  children,
  maxWidth = 'md',
}: {
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <AppBar
        position="static"
        color="default"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar>
          <Link
            component={RouterLink}
            to="/"
            underline="none"
            color="inherit"
            variant="h6"
            sx={{ flexGrow: 1 }}
          >
            {siteName}
          </Link>
          <ThemeModeToggle />
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth={maxWidth} sx={{ flexGrow: 1, py: { xs: 4, sm: 8 } }}>
        {children}
      </Container>
    </Box>
  );
}
