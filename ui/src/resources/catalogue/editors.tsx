import { bomLineKindLabels, bomLineKinds, bomTrades, formatWon } from '@interior/contracts';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  ArrayInput,
  AutocompleteInput,
  FormDataConsumer,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  useRecordContext,
} from 'react-admin';

/** A Set product's parts: Single products (sets never nest) and how many of each. */
export function SetComponentsInput() {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        formData.kind === 'Set' ? (
          <ArrayInput source="components" label="구성 제품">
            <SimpleFormIterator inline disableReordering>
              <ReferenceInput source="productId" reference="product" filter={{ kind: 'Single' }}>
                <AutocompleteInput optionText="name" label="제품" sx={{ minWidth: 260 }} />
              </ReferenceInput>
              <NumberInput source="quantity" label="수량" min={1} step={1} defaultValue={1} />
            </SimpleFormIterator>
          </ArrayInput>
        ) : null
      }
    </FormDataConsumer>
  );
}

export function SetComponentsView() {
  const record = useRecordContext<{ components?: { productId: number; quantity: number }[] }>();
  const components = record?.components ?? [];
  if (components.length === 0) return <span>-</span>;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {components.map((c) => (
        <li key={c.productId}>
          <ReferenceField record={c} source="productId" reference="product" link="show">
            <TextField source="name" />
          </ReferenceField>{' '}
          × {c.quantity}
        </li>
      ))}
    </Box>
  );
}

const choices = (values: readonly string[], labels: Readonly<Record<string, string>> = {}) =>
  values.map((id) => ({ id, name: labels[id] ?? id }));

/**
 * A BOM recipe's lines: 공종, 구분, an optional material or product (its price is used unless a
 * unit price is given), and the quantity formula over area, perimeter, height, count and the BOM
 * constants, checked by the API when the recipe is saved.
 */
export function BomLinesInput() {
  return (
    <ArrayInput source="lines" label="항목">
      <SimpleFormIterator inline>
        <SelectInput source="trade" label="공종" choices={choices(bomTrades)} />
        <SelectInput source="kind" label="구분" choices={choices(bomLineKinds, bomLineKindLabels)} />
        <SelectInput
          source="refType"
          label="참조"
          choices={[
            { id: 'Material', name: '자재' },
            { id: 'Product', name: '제품' },
          ]}
          emptyText="없음"
        />
        <FormDataConsumer>
          {({ scopedFormData }) =>
            scopedFormData?.refType ? (
              <ReferenceInput
                source="refId"
                reference={scopedFormData.refType === 'Material' ? 'material' : 'product'}
              >
                <AutocompleteInput optionText="name" label="자재/제품" sx={{ minWidth: 220 }} />
              </ReferenceInput>
            ) : null
          }
        </FormDataConsumer>
        <TextInput source="name" label="품명" />
        <TextInput source="spec" label="규격" />
        <TextInput source="unit" label="단위" sx={{ width: 90 }} />
        <TextInput source="quantity" label="수량식" helperText="예: ceil(area * 1.05)" />
        <NumberInput source="unitPrice" label="단가(원)" min={0} step={100} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

interface LineView {
  trade: string;
  kind: keyof typeof bomLineKindLabels;
  name: string;
  spec: string;
  unit: string;
  quantity: string;
  unitPrice: number | null;
}

export function BomLinesView() {
  const record = useRecordContext<{ lines?: LineView[] }>();
  const lines = record?.lines ?? [];
  if (lines.length === 0) return <Typography>-</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {['공종', '구분', '품명', '규격', '단위', '수량식', '단가'].map((h) => (
              <TableCell key={h}>{h}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            // Lines have no id of their own; their order is their identity in a recipe.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <TableRow key={index}>
              <TableCell>{line.trade}</TableCell>
              <TableCell>{bomLineKindLabels[line.kind] ?? line.kind}</TableCell>
              <TableCell>{line.name}</TableCell>
              <TableCell>{line.spec || '-'}</TableCell>
              <TableCell>{line.unit}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{line.quantity}</TableCell>
              <TableCell>{line.unitPrice === null ? '자재 단가' : formatWon(line.unitPrice)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** A wall drawing's elements: a material placed at x, y with its size, in millimetres. */
export function WallDrawingElementsInput() {
  return (
    <ArrayInput source="elements" label="요소">
      <SimpleFormIterator inline>
        <ReferenceInput source="materialId" reference="material">
          <AutocompleteInput optionText="name" label="자재" sx={{ minWidth: 220 }} />
        </ReferenceInput>
        <NumberInput source="x" label="X (mm)" min={0} step={10} />
        <NumberInput source="y" label="Y (mm)" min={0} step={10} />
        <NumberInput source="width" label="폭 (mm)" min={0} step={10} />
        <NumberInput source="height" label="높이 (mm)" min={0} step={10} />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/** A product's category picker, shown for the kind it files (Single: product tree, Set: set tree). */
export function KindCategoryInput({
  kind,
  source,
  reference,
}: {
  kind: 'Single' | 'Set';
  source: string;
  reference: string;
}) {
  return (
    <FormDataConsumer>
      {({ formData }) =>
        (formData.kind ?? 'Single') === kind ? (
          <ReferenceInput source={source} reference={reference}>
            <AutocompleteInput optionText="name" fullWidth />
          </ReferenceInput>
        ) : null
      }
    </FormDataConsumer>
  );
}
