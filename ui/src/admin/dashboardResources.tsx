import type { SubscriptionPlanRecord } from '@interior/contracts';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import BugReportIcon from '@mui/icons-material/BugReport';
import CalculateIcon from '@mui/icons-material/Calculate';
import CampaignIcon from '@mui/icons-material/Campaign';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import ChairIcon from '@mui/icons-material/Chair';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GroupsIcon from '@mui/icons-material/Groups';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MailIcon from '@mui/icons-material/Mail';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SellIcon from '@mui/icons-material/Sell';
import StraightenIcon from '@mui/icons-material/Straighten';
import TextureIcon from '@mui/icons-material/Texture';
import TuneIcon from '@mui/icons-material/Tune';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import WallpaperIcon from '@mui/icons-material/Wallpaper';
import { type ComponentType, lazy, Suspense } from 'react';
import type { ResourceProps } from 'react-admin';
import { TopProgressBar } from '../feedback/TopProgressBar';
import { userDisplayName } from '../resources/user/userName';

export type ScreenName = 'list' | 'create' | 'edit' | 'show';
type Screens = Partial<Record<ScreenName, ComponentType<object>>>;

/** A screen loaded on demand, with the top progress bar until it is there. */
function Suspended({ screen: Screen }: { screen: ComponentType<object> }) {
  return (
    <Suspense fallback={<TopProgressBar />}>
      <Screen />
    </Suspense>
  );
}

/**
 * The screens `names` of a resource, each loaded from `load` when it first opens, with the top
 * progress bar ("화면을 불러오는 중") meanwhile. Which screens exist is said here, not found out by
 * loading them: react-admin needs to know it up front (the routes, the 등록 button, the links).
 */
export function lazyScreens<const Name extends ScreenName>(
  load: () => Promise<Screens>,
  names: readonly Name[],
): Record<Name, ComponentType> {
  return Object.fromEntries(
    names.map((name) => {
      const Screen = lazy<ComponentType<object>>(async () => {
        const screen = (await load())[name];
        if (!screen) throw new Error(`화면이 없습니다: ${name}`);
        return { default: screen };
      });
      return [name, () => <Suspended screen={Screen} />];
    }),
  ) as unknown as Record<Name, ComponentType>;
}

/** What react-admin's `<Resource>` takes, the screens loaded on demand. */
export interface DashboardResource {
  name: string;
  icon: ComponentType;
  screens: Partial<Record<ScreenName, ComponentType>>;
  options?: { label: string };
  recordRepresentation?: ResourceProps['recordRepresentation'];
}

const allScreens = ['list', 'create', 'edit', 'show'] as const;

/**
 * A declared resource (contracts' defineResource): the generic screens or the module's own, and
 * its representation field. The name and field are written out rather than read from the
 * declaration, whose module brings zod and the design document's code into the dashboard's first
 * load; dashboardResources.test.ts holds them to the declarations.
 */
const declared = (
  name: string,
  representation: string,
  icon: ComponentType,
  load: () => Promise<Screens>,
  options?: { label: string },
): DashboardResource => ({
  name,
  icon,
  screens: lazyScreens(load, allScreens),
  recordRepresentation: representation,
  ...(options ? { options } : {}),
});

/** The category trees, in the order of contracts' categoryResources. */
export const categoryTreeNames = [
  'category/product',
  'category/material',
  'category/paving',
  'category/set',
  'category/plan',
  'category/walldrawing',
] as const;

// One chunk per resource module, loaded when one of its screens opens: a visit to the dashboard
// that opens none of them loads none of their code (forms, lists, editors, previews).
const catalogue = () => import('../resources/catalogue');
const settings = () => import('../resources/settings');
const notices = () => import('../resources/notice');

/** The dashboard's react-admin resources, in the order of their routes. */
export const dashboardResources: readonly DashboardResource[] = [
  declared('usergroup', 'name', GroupsIcon, () => import('../resources/usergroup').then((m) => m.default)),
  {
    name: 'user',
    icon: PeopleIcon,
    screens: lazyScreens(() => import('../resources/user').then((m) => m.default), allScreens),
    recordRepresentation: (record) => userDisplayName(record),
  },
  {
    name: 'mailbox',
    icon: MailIcon,
    screens: lazyScreens(() => import('../resources/mailbox').then((m) => m.default), ['list', 'show']),
    recordRepresentation: (record) => record.subject ?? '',
  },
  {
    name: 'clientlog',
    icon: BugReportIcon,
    screens: lazyScreens(() => import('../resources/clientlog').then((m) => m.default), ['list']),
  },
  {
    name: 'my-payment',
    icon: ReceiptIcon,
    screens: lazyScreens(() => import('../resources/my-payment').then((m) => m.default), ['list', 'show']),
    options: { label: '내 결제 내역' },
  },
  {
    name: 'subscription/order',
    icon: ReceiptLongIcon,
    screens: lazyScreens(() => import('../resources/subscription-order').then((m) => m.default), ['list']),
    options: { label: '구독 주문 관리' },
  },
  {
    name: 'subscription/payment',
    icon: PaymentsIcon,
    screens: lazyScreens(() => import('../resources/subscription-payment').then((m) => m.default), ['list']),
    options: { label: '구독 결제 관리' },
  },
  {
    name: 'subscription-plan',
    icon: CardMembershipIcon,
    screens: lazyScreens(
      () => import('../resources/subscription-plan').then((m) => m.default),
      ['list', 'create', 'edit'],
    ),
    options: { label: '구독 상품 관리' },
    recordRepresentation: (record) => (record as SubscriptionPlanRecord).name,
  },
  declared('product', 'name', ChairIcon, () => catalogue().then((m) => m.product)),
  declared('material', 'name', TextureIcon, () => catalogue().then((m) => m.material)),
  declared('brand', 'name', SellIcon, () => catalogue().then((m) => m.brand)),
  declared('bom', 'name', ListAltIcon, () => catalogue().then((m) => m.bom)),
  declared('workspace', 'name', MeetingRoomIcon, () => catalogue().then((m) => m.workspace)),
  declared('plan', 'name', DashboardIcon, () => catalogue().then((m) => m.plan)),
  declared('walldrawing', 'name', WallpaperIcon, () => catalogue().then((m) => m.walldrawing)),
  declared('model', 'name', ViewInArIcon, () => catalogue().then((m) => m.model)),
  {
    name: 'notice',
    icon: CampaignIcon,
    screens: lazyScreens(() => notices().then((m) => m.notice), ['list', 'edit']),
    options: { label: '공지사항' },
    recordRepresentation: 'title',
  },
  declared('system/notice', 'title', CampaignIcon, () => notices().then((m) => m.systemNotice), {
    label: '공지사항 관리',
  }),
  declared('system/popupbanner', 'title', CampaignIcon, () =>
    import('../resources/popupbanner').then((m) => m.systemPopupBanner),
  ),
  {
    name: 'bomconstant',
    icon: CalculateIcon,
    screens: lazyScreens(() => settings().then((m) => m.bomconstant), ['list']),
    options: { label: 'BOM 상수' },
    recordRepresentation: 'key',
  },
  {
    name: 'designproperty',
    icon: StraightenIcon,
    screens: lazyScreens(() => settings().then((m) => m.designproperty), ['list']),
    options: { label: '디자인 속성' },
    recordRepresentation: 'key',
  },
  declared('system/bomconstant', 'key', TuneIcon, () => settings().then((m) => m.systemBomConstant), {
    label: 'BOM 상수 관리',
  }),
  declared('system/designproperty', 'key', TuneIcon, () => settings().then((m) => m.systemDesignProperty), {
    label: '디자인 속성 관리',
  }),
  ...categoryTreeNames.map((name) =>
    declared(name, 'name', AccountTreeIcon, () =>
      import('../resources/category').then((m) => m.categoryScreens(name)),
    ),
  ),
];
