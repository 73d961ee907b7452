import { Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';

/** Where to go next from a notice page: the first is the main action. */
export function LinkList({ links }: { links: readonly { to: string; text: string }[] }) {
  return (
    <Stack component="nav" aria-label="다음 단계" spacing={1}>
      {links.map((link, index) => (
        <Button
          key={link.to}
          component={RouterLink}
          to={link.to}
          variant={index === 0 ? 'contained' : 'outlined'}
          fullWidth
        >
          {link.text}
        </Button>
      ))}
    </Stack>
  );
}
