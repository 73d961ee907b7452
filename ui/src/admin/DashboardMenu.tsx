import { dashboardPath } from '@interior/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BusinessIcon from '@mui/icons-material/Business';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import { ListSubheader } from '@mui/material';
import type { ReactElement } from 'react';
import {
  Menu,
  useCanAccess,
  useCanAccessResources,
  usePermissions,
  useResourceDefinitions,
  useSidebarState,
} from 'react-admin';

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

/** 내 구독 (SPEC §2 my-subscription's roles): shown only to those who may open it. */
function MySubscriptionItem() {
  const { canAccess } = useCanAccess({ resource: 'my-subscription', action: 'list' });
  return canAccess ? (
    <Menu.Item
      to={`${dashboardPath}/my-subscription`}
      primaryText="내 구독"
      leftIcon={<CardMembershipIcon />}
    />
  ) : null;
}

/** 구독하기: for a user on a Free role with no paid plan, the way to the plans; gone once subscribed. */
function SubscribeItem() {
  const { permissions } = usePermissions<string[]>();
  const roles = permissions ?? [];
  const free = roles.includes('PersonalFree') || roles.includes('BusinessFree');
  const paid = roles.some((r) => r === 'PersonalPro' || r === 'BusinessPro' || r === 'BusinessPremium');
  return free && !paid ? (
    <Menu.Item to="/subscription" primaryText="구독하기" leftIcon={<UpgradeIcon />} />
  ) : null;
}

/** A screen's item, shown only to the roles that may open it (contracts' dashboardRoutes). */
function RouteItem({ route, text, icon }: { route: string; text: string; icon: ReactElement }) {
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  return canAccess ? <Menu.Item to={`${dashboardPath}/${route}`} primaryText={text} leftIcon={icon} /> : null;
}

/** Menu groups of the dashboard, by the resources they hold (the rest are listed after them). */
export const menuGroups: readonly { title: string; resources: readonly string[] }[] = [
  {
    title: '카탈로그',
    resources: ['product', 'material', 'brand', 'bom', 'workspace', 'model', 'plan', 'walldrawing'],
  },
  {
    title: '분류',
    resources: [
      'category/product',
      'category/set',
      'category/material',
      'category/paving',
      'category/plan',
      'category/walldrawing',
    ],
  },
  {
    title: '설정',
    resources: ['bomconstant', 'designproperty', 'system/bomconstant', 'system/designproperty'],
  },
  { title: '공지', resources: ['notice', 'system/notice', 'system/popupbanner'] },
];

/** A titled group of resource items; the title shows only when the user may open one of them. */
function MenuGroup({ title, resources }: { title: string; resources: readonly string[] }) {
  const declared = useResourceDefinitions();
  const present = resources.filter((name) => declared[name]);
  const { canAccess } = useCanAccessResources({ action: 'list', resources: present });
  const [open] = useSidebarState();
  if (!present.some((name) => canAccess?.[name])) return null;
  return (
    <>
      {open && (
        <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          {title}
        </ListSubheader>
      )}
      {present.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </>
  );
}

/**
 * The dashboard's menu: the user's own pages and designs, the groups (카탈로그, 분류, 설정, 공지),
 * then the other resources. Each item asks authProvider.canAccess, so items a role may not open are
 * not shown. A page of one record (estimation/:id, notice/:id) opens from its list.
 */
export function DashboardMenu() {
  const declared = useResourceDefinitions();
  const grouped = new Set(menuGroups.flatMap((group) => group.resources));
  const others = Object.keys(declared).filter((name) => !grouped.has(name));
  return (
    <Menu>
      <Menu.Item to={`${dashboardPath}/mydesign`} primaryText="내 디자인" leftIcon={<DesignServicesIcon />} />
      <RouteItem route="shared" text="공유 디자인" icon={<FolderSharedIcon />} />
      <RouteItem route="trash" text="휴지통" icon={<DeleteOutlineIcon />} />
      <RouteItem route="design/management" text="디자인 관리" icon={<ManageSearchIcon />} />
      <RouteItem route="design-manager/design" text="협력사 디자인 관리" icon={<ManageSearchIcon />} />
      <RouteItem route="analysis/design" text="디자인 분석" icon={<InsightsIcon />} />
      <RouteItem route="estimation" text="견적 관리" icon={<RequestQuoteIcon />} />
      <RouteItem route="design-manager/estimation" text="협력사 견적 관리" icon={<RequestQuoteIcon />} />
      <RouteItem route="my-estimation" text="내 견적" icon={<AssignmentIcon />} />
      <RouteItem route="audit/readmodels" text="읽기 모델" icon={<AutorenewIcon />} />
      <Menu.Item to={`${dashboardPath}/profile`} primaryText="프로필" leftIcon={<AccountCircleIcon />} />
      <BusinessProfileItem />
      <MySubscriptionItem />
      <SubscribeItem />
      {menuGroups.map((group) => (
        <MenuGroup key={group.title} {...group} />
      ))}
      {others.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
