import { dashboardPath } from '@interior/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import BusinessIcon from '@mui/icons-material/Business';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import { Menu, useCanAccess } from 'react-admin';

/** The business profile is for business roles only (SPEC §2): the item shows only for them. */
function BusinessProfileItem() {
  const { canAccess } = useCanAccess({ resource: 'business-profile', action: 'list' });
  return canAccess ? (
    <Menu.Item
      to={`${dashboardPath}/business-profile`}
      primaryText="사업자 정보"
      leftIcon={<BusinessIcon />}
    />
  ) : null;
}

/**
 * The dashboard's menu: the user's own pages, then the resources. Menu.ResourceItems asks
 * authProvider.canAccess for each resource, so items a role may not open are not shown. Screens
 * that are not built yet (UnavailablePage) are reachable by their paths but not listed here.
 */
export function DashboardMenu() {
  return (
    <Menu>
      <Menu.Item to={`${dashboardPath}/mydesign`} primaryText="내 디자인" leftIcon={<DesignServicesIcon />} />
      <Menu.Item to={`${dashboardPath}/profile`} primaryText="프로필" leftIcon={<AccountCircleIcon />} />
      <BusinessProfileItem />
      <Menu.ResourceItems />
    </Menu>
  );
}
