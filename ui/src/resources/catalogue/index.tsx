import {
  bomResource,
  brandResource,
  materialResource,
  modelResource,
  planResource,
  productResource,
  wallDrawingResource,
  workspaceResource,
} from '@interior/contracts';
import ChairIcon from '@mui/icons-material/Chair';
import DashboardIcon from '@mui/icons-material/Dashboard';
import ListAltIcon from '@mui/icons-material/ListAlt';
import MeetingRoomIcon from '@mui/icons-material/MeetingRoom';
import SellIcon from '@mui/icons-material/Sell';
import TextureIcon from '@mui/icons-material/Texture';
import ViewInArIcon from '@mui/icons-material/ViewInAr';
import WallpaperIcon from '@mui/icons-material/Wallpaper';
import { RecordDrawing } from '../kit/DrawingImage';
import { resourceScreens } from '../kit/resourceScreens';
import { BomPreview } from './BomPreview';
import { CsvImportButton } from './CsvImportButton';
import {
  BomLinesInput,
  BomLinesView,
  KindCategoryInput,
  SetComponentsInput,
  SetComponentsView,
  WallDrawingElementsInput,
} from './editors';
import { ModelPreview } from './ModelPreview';
import { SampleEmpty } from './SampleEmpty';
import { StartFromPlan } from './StartFromPlan';

/** The catalogue's screens: the declared ones, with editors for a Set's parts and a recipe's lines. */
export const brand = resourceScreens(brandResource, { icon: SellIcon });
export const product = resourceScreens(productResource, {
  icon: ChairIcon,
  empty: <SampleEmpty actions={<CsvImportButton resource={productResource} />} />,
  editors: {
    components: <SetComponentsInput />,
    categoryId: <KindCategoryInput kind="Single" source="categoryId" reference="category/product" />,
    setCategoryId: <KindCategoryInput kind="Set" source="setCategoryId" reference="category/set" />,
  },
  views: { components: <SetComponentsView /> },
  listActions: <CsvImportButton resource={productResource} />,
});
export const material = resourceScreens(materialResource, {
  icon: TextureIcon,
  empty: <SampleEmpty actions={<CsvImportButton resource={materialResource} />} />,
  listActions: <CsvImportButton resource={materialResource} />,
});
export const workspace = resourceScreens(workspaceResource, { icon: MeetingRoomIcon });
export const bom = resourceScreens(bomResource, {
  icon: ListAltIcon,
  editors: { lines: <BomLinesInput /> },
  views: {
    lines: (
      <>
        <BomLinesView />
        <BomPreview />
      </>
    ),
  },
});
export const plan = resourceScreens(planResource, {
  icon: DashboardIcon,
  views: {
    document: (
      <>
        <RecordDrawing resource="plan" />
        <StartFromPlan />
      </>
    ),
  },
});
export const walldrawing = resourceScreens(wallDrawingResource, {
  icon: WallpaperIcon,
  editors: { elements: <WallDrawingElementsInput /> },
  views: { elements: <RecordDrawing resource="walldrawing" /> },
});
export const model = resourceScreens(modelResource, {
  icon: ViewInArIcon,
  views: { file: <ModelPreview source="file" /> },
});
