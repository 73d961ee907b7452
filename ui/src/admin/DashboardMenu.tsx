import { dashboardPath, hasAnyRole, staffRoles } from '@interior/contracts';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import BusinessIcon from '@mui/icons-material/Business';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import FolderSharedIcon from '@mui/icons-material/FolderShared';
import HistoryIcon from '@mui/icons-material/History';
import InsightsIcon from '@mui/icons-material/Insights';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import StorefrontIcon from '@mui/icons-material/Storefront';
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

/** The business profile is for business roles only: the item shows only for them. */
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

/** 내 구독 (Admin, Developer, PersonalPro and PersonalFree may open it): shown only to those who may open it. */
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

/**
 * 감사 로그 in the menu of the Admin and the Developer, whose work it is. The page itself opens for
 * anyone signed in (the API shows each reader what they may read), so a grant holder reaches it
 * from a record's history.
 */
function AuditItem() {
  const { permissions } = usePermissions<string[]>();
  const roles = permissions ?? [];
  return roles.includes('Admin') || roles.includes('Developer') ? (
    <Menu.Item to={`${dashboardPath}/audit`} primaryText="감사 로그" leftIcon={<HistoryIcon />} />
  ) : null;
}

/** A screen's item, shown only to the roles that may open it (contracts' dashboardRoutes). */
function RouteItem({ route, text, icon }: { route: string; text: string; icon: ReactElement }) {
  const { canAccess } = useCanAccess({ resource: route, action: 'list' });
  return canAccess ? <Menu.Item to={`${dashboardPath}/${route}`} primaryText={text} leftIcon={icon} /> : null;
}

/**
 * Who sees a resource's menu item, among those who may open its screen:
 * - `readers`: everyone who may open it (a plan template is started from, a notice read);
 * - `writers`: those who may change its records (the Admin role, or a Write grant on the type or on
 *   one record). Others read these catalogues through the 카탈로그 page and the editor's pickers;
 *   administration screens that only show them what they cannot change stay out of their menu;
 * - `staff`: the provider's staff, who price estimates with these values.
 * The screens themselves stay open to their route's roles: this decides the menu, not access.
 */
export type MenuAudience = 'readers' | 'writers' | 'staff';

/** Menu groups of the dashboard, by the resources they hold (the rest are listed after them). */
export const menuGroups: readonly {
  title: string;
  resources: Readonly<Record<string, MenuAudience>>;
  /** A page of the group's own, first in it, for everyone who may open it. */
  page?: { route: string; text: string };
}[] = [
  {
    title: '카탈로그',
    page: { route: 'catalogue', text: '카탈로그' },
    resources: {
      product: 'writers',
      material: 'writers',
      brand: 'writers',
      bom: 'writers',
      workspace: 'writers',
      model: 'writers',
      plan: 'readers',
      walldrawing: 'writers',
    },
  },
  {
    title: '분류',
    resources: {
      'category/product': 'writers',
      'category/set': 'writers',
      'category/material': 'writers',
      'category/paving': 'writers',
      'category/plan': 'writers',
      'category/walldrawing': 'writers',
    },
  },
  {
    title: '설정',
    resources: {
      bomconstant: 'staff',
      designproperty: 'readers',
      'system/bomconstant': 'readers',
      'system/designproperty': 'readers',
    },
  },
  {
    title: '공지',
    resources: { notice: 'readers', 'system/notice': 'readers', 'system/popupbanner': 'readers' },
  },
];

/** The group's items this user sees, in the group's order (MenuAudience). */
function useShownResources(resources: Readonly<Record<string, MenuAudience>>): string[] | undefined {
  const declared = useResourceDefinitions();
  const present = Object.keys(resources).filter((name) => declared[name]);
  const readable = useCanAccessResources({ action: 'list', resources: present });
  const writable = useCanAccessResources({ action: 'edit', resources: present });
  const { permissions } = usePermissions<string[]>();
  if (readable.isPending || writable.isPending) return undefined;
  const staff = hasAnyRole(permissions ?? [], staffRoles);
  return present.filter((name) => {
    const audience = resources[name];
    if (!readable.canAccess?.[name]) return false;
    if (audience === 'writers') return writable.canAccess?.[name] === true;
    if (audience === 'staff') return staff;
    return true;
  });
}

/** A titled group of items; the title shows only when the user sees one of them. */
function MenuGroup({ title, resources, page }: (typeof menuGroups)[number]) {
  const shown = useShownResources(resources);
  // Asked as a list of none or one: useCanAccess itself needs a resource in every group.
  const pageAccess = useCanAccessResources({ action: 'list', resources: page ? [page.route] : [] });
  const [open] = useSidebarState();
  const showPage = !!page && pageAccess.canAccess?.[page.route] === true;
  if (!showPage && !shown?.length) return null;
  return (
    <>
      {open && (
        <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>
          {title}
        </ListSubheader>
      )}
      {showPage && page && (
        <Menu.Item
          to={`${dashboardPath}/${page.route}`}
          primaryText={page.text}
          leftIcon={<StorefrontIcon />}
        />
      )}
      {(shown ?? []).map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </>
  );
}

/**
 * The dashboard's menu: the user's own pages and designs, the groups (카탈로그, 분류, 설정, 공지),
 * then the other resources. Each item asks authProvider.canAccess, so items a role may not open are
 * not shown, and the groups show each user what they can use (MenuAudience). A page of one record (estimation/:id, notice/:id) opens from its list.
 */
export function DashboardMenu() {
  const declared = useResourceDefinitions();
  const grouped = new Set(menuGroups.flatMap((group) => Object.keys(group.resources)));
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
      <RouteItem route="system/supplier" text="견적서 공급자" icon={<StorefrontIcon />} />
      <RouteItem route="audit/readmodels" text="읽기 모델" icon={<AutorenewIcon />} />
      <Menu.Item to={`${dashboardPath}/profile`} primaryText="프로필" leftIcon={<AccountCircleIcon />} />
      <BusinessProfileItem />
      <MySubscriptionItem />
      <SubscribeItem />
      <AuditItem />
      {menuGroups.map((group) => (
        <MenuGroup key={group.title} {...group} />
      ))}
      {others.map((name) => (
        <Menu.ResourceItem key={name} name={name} />
      ))}
    </Menu>
  );
}
