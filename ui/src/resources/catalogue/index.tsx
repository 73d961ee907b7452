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
export const brand = resourceScreens(brandResource);
export const product = resourceScreens(productResource, {
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
  empty: <SampleEmpty actions={<CsvImportButton resource={materialResource} />} />,
  listActions: <CsvImportButton resource={materialResource} />,
});
export const workspace = resourceScreens(workspaceResource);
export const bom = resourceScreens(bomResource, {
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
  editors: { elements: <WallDrawingElementsInput /> },
  views: { elements: <RecordDrawing resource="walldrawing" /> },
});
export const model = resourceScreens(modelResource, {
  views: { file: <ModelPreview source="file" /> },
});
