import {
  type FieldSpec,
  fileUrl,
  formatWon,
  materialResource,
  productResource,
  type ResourceDeclaration,
  type StoredFile,
} from '@interior/contracts';
import ImageNotSupportedOutlinedIcon from '@mui/icons-material/ImageNotSupportedOutlined';
import { Box, Card, CardContent, CardMedia, Stack, Tab, Tabs, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { RecordContextProvider, ReferenceField, SearchInput, TextField, useListContext } from 'react-admin';
import { List } from '../../export/List';
import { listStateProps } from '../../kit/ListStates';
import { filterInput } from '../../resources/kit/ResourceList';

/**
 * What one kind of record shows on the 카탈로그: the filters people choose by (the category tree of
 * the kind, the brand, a price range), the picture, and the lines under its name.
 */
interface Shelf {
  resource: ResourceDeclaration;
  /** The field holding its pictures (the first one is shown). */
  image: string;
  details: (record: Record<string, unknown>) => string[];
  priceLabel: string;
}

const millimetres = (r: Record<string, unknown>) =>
  [r.width, r.depth, r.height].every((v) => typeof v === 'number')
    ? [`${r.width} × ${r.depth} × ${r.height} mm`]
    : [];

const usageLabels = materialResource.fields.usage.labels as Record<string, string>;

const shelves: Record<'product' | 'material', Shelf> = {
  product: {
    resource: productResource,
    image: 'images',
    priceLabel: '가격',
    details: (r) => [...(r.kind === 'Set' ? ['세트'] : []), ...millimetres(r)],
  },
  material: {
    resource: materialResource,
    image: 'texture',
    priceLabel: '단가',
    details: (r) => [
      ...(typeof r.spec === 'string' && r.spec ? [r.spec] : []),
      ...(Array.isArray(r.usage) && r.usage.length
        ? [`용도: ${r.usage.map((u) => usageLabels[u] ?? u).join(', ')}`]
        : []),
    ],
  },
};

const firstImage = (value: unknown): StoredFile | undefined => {
  const files = (Array.isArray(value) ? value : value ? [value] : []) as StoredFile[];
  return files.find((f) => f.contentType?.startsWith('image/'));
};

/** One record as a card: picture, name, brand, what it is, and its price per unit. */
function ItemCard({ shelf, record }: { shelf: Shelf; record: Record<string, unknown> }) {
  const image = firstImage(record[shelf.image]);
  const name = String(record.name ?? '');
  return (
    <RecordContextProvider value={record as { id: number }}>
      <Card variant="outlined" component="article" aria-label={name} data-testid="catalogue-item">
        {image ? (
          <CardMedia
            component="img"
            image={fileUrl(image)}
            alt={name}
            loading="lazy"
            sx={{ aspectRatio: '4 / 3' }}
          />
        ) : (
          <Box
            sx={{
              aspectRatio: '4 / 3',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.secondary',
            }}
          >
            <ImageNotSupportedOutlinedIcon aria-label="사진 없음" />
          </Box>
        )}
        <CardContent>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          {record.brandId != null && (
            <Typography variant="body2" color="text.secondary" component="div">
              <ReferenceField source="brandId" reference="brand" link={false}>
                <TextField source="name" variant="body2" color="text.secondary" />
              </ReferenceField>
            </Typography>
          )}
          {shelf.details(record).map((line) => (
            <Typography key={line} variant="body2" color="text.secondary">
              {line}
            </Typography>
          ))}
          <Typography sx={{ mt: 1, fontWeight: 700 }}>
            {typeof record.price === 'number' ? formatWon(record.price) : '-'}
            {typeof record.unit === 'string' && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                / {record.unit}
              </Typography>
            )}
          </Typography>
        </CardContent>
      </Card>
    </RecordContextProvider>
  );
}

function ItemGrid({ shelf }: { shelf: Shelf }) {
  const { data, isPending } = useListContext();
  if (isPending) return null;
  if (!data?.length)
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        조건에 맞는 {shelf.resource.label}이(가) 없습니다.
      </Typography>
    );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        p: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
      }}
    >
      {data.map((record) => (
        <ItemCard key={record.id} shelf={shelf} record={record} />
      ))}
    </Box>
  );
}

/** The browsing filters of a kind: search, its category tree, brand, price range; all in view. */
function filtersOf(shelf: Shelf): ReactElement[] {
  const fields = shelf.resource.fields as Record<string, FieldSpec>;
  const chosen = ['categoryId', 'brandId', 'price'].flatMap((name) => {
    const spec = fields[name];
    return spec ? [filterInput(name, spec, true)].flat() : [];
  });
  return [
    <SearchInput key="q" source="q" alwaysOn inputProps={{ 'aria-label': '검색' }} />,
    ...(chosen.filter(Boolean) as ReactElement[]),
  ];
}

/** One kind's shelf: its filters and its cards, 24 at a time, only what is on sale (not 단종). */
function ShelfList({ kind }: { kind: 'product' | 'material' }) {
  const shelf = shelves[kind];
  return (
    <List
      {...listStateProps}
      resource={shelf.resource.name}
      storeKey={`catalogue.${kind}`}
      disableSyncWithLocation
      title="카탈로그"
      filter={{ status: 'Active' }}
      filters={filtersOf(shelf)}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={24}
      actions={false}
      exporter={false}
      empty={false}
    >
      <ItemGrid shelf={shelf} />
    </List>
  );
}

/**
 * /dashboard/catalogue: the products and materials anyone signed in may use in a design, to browse
 * and compare, read-only. The administration screens of the same records are for their writers.
 */
export function CataloguePage() {
  const [kind, setKind] = useState<'product' | 'material'>('product');
  return (
    <Stack sx={{ pt: 1 }}>
      <Typography variant="h5" component="h1" sx={{ px: 2, pt: 1 }}>
        카탈로그
      </Typography>
      <Tabs value={kind} onChange={(_, value) => setKind(value)} aria-label="카탈로그 종류" sx={{ px: 1 }}>
        <Tab value="product" label="제품" />
        <Tab value="material" label="자재" />
      </Tabs>
      <ShelfList key={kind} kind={kind} />
    </Stack>
  );
}
