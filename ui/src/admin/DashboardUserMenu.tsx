import { dashboardPath } from '@interior/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { Logout, UserMenu, useGetIdentity, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router';

function ProfileMenuItem() {
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to={`${dashboardPath}/profile`} onClick={userMenu?.onClose}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>프로필</ListItemText>
    </MenuItem>
  );
}

/**
 * The app bar's user menu: the avatar (photo, else the e-mail-hash avatar) and the name from
 * authProvider.getIdentity, then "프로필" and "로그아웃".
 */
export function DashboardUserMenu() {
  // The button shows the name: its accessible name says it too (WCAG 2.5.3, label in name).
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const menu = translate('ra.auth.user_menu');
  return (
    <UserMenu label={identity?.fullName ? `${identity.fullName} ${menu}` : menu}>
      <ProfileMenuItem />
      <Logout />
    </UserMenu>
  );
}
