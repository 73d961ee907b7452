import { fileUrl, formatWon } from '@interior/contracts';
import {
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { PRODUCT_DRAG_TYPE, type ProductRow, type WallDrawingRow } from './catalogue-types';
import { Panel } from './Panel';
import type { Catalogue } from './useCatalogue';

const thumbnail = { width: 40, height: 40, mr: 1, borderRadius: 0.5, flexShrink: 0 } as const;

/**
 * The products to place (by search and category, each with its first image and price; pick one
 * and click the plan, or drag it onto the plan) and the wall drawings to put on a wall. Each
 * entry is a button inside its list item, so the lists read as lists of choices.
 */
export function CataloguePanel({
  catalogue,
  product,
  onProduct,
  wallDrawing,
  onWallDrawing,
}: {
  catalogue: Catalogue;
  product: ProductRow | null;
  onProduct: (product: ProductRow) => void;
  wallDrawing: WallDrawingRow | null;
  onWallDrawing: (drawing: WallDrawingRow) => void;
}) {
  const { products, wallDrawingRows } = catalogue;
  return (
    <>
      <Panel title="제품">
        <TextField
          size="small"
          fullWidth
          label="제품 검색"
          value={catalogue.productQuery}
          onChange={(e) => catalogue.setProductQuery(e.target.value)}
        />
        <TextField
          select
          size="small"
          fullWidth
          label="제품 카테고리"
          value={catalogue.categoryId}
          onChange={(e) => catalogue.setCategoryId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ mt: 1 }}
        >
          <MenuItem value="">전체</MenuItem>
          {catalogue.productCategories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          눌러서 고른 뒤 평면을 누르거나, 평면으로 끌어다 놓습니다.
        </Typography>
        {products.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            맞는 제품이 없습니다.
          </Typography>
        )}
        <List dense aria-label="제품 목록">
          {products.map((p) => {
            const image = p.images?.[0];
            return (
              <ListItem key={p.id} disablePadding>
                <ListItemButton
                  selected={product?.id === p.id}
                  draggable
                  onDragStart={(event) => event.dataTransfer.setData(PRODUCT_DRAG_TYPE, String(p.id))}
                  onClick={() => onProduct(p)}
                >
                  {image ? (
                    <Box
                      component="img"
                      src={fileUrl(image)}
                      alt=""
                      sx={{ ...thumbnail, objectFit: 'cover' }}
                    />
                  ) : (
                    <Box sx={{ ...thumbnail, bgcolor: 'action.hover' }} />
                  )}
                  <ListItemText primary={p.name} secondary={formatWon(p.price)} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Panel>
      <Divider />
      <Panel title="벽면도">
        {wallDrawingRows.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            카탈로그에 벽면도가 없습니다.
          </Typography>
        )}
        <List dense aria-label="벽면도 목록">
          {wallDrawingRows.map((d) => (
            <ListItem key={d.id} disablePadding>
              <ListItemButton selected={wallDrawing?.id === d.id} onClick={() => onWallDrawing(d)}>
                <ListItemText primary={d.name} secondary={`폭 ${d.width.toLocaleString('ko-KR')}mm`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Panel>
    </>
  );
}
