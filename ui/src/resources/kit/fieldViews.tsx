import { type FieldSpec, resourceNamed } from '@interior/contracts';
import { Chip } from '@mui/material';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  DateTimeInput,
  NumberField,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SelectInput,
  TextField,
  TextInput,
  UrlField,
  useRecordContext,
} from 'react-admin';
import { koreanLocale } from '../../i18n/format';
import { KoreaDateField } from '../../i18n/KoreaDateField';
import { FileInput, FileValue } from './FileFields';
import { WonField } from './WonField';

/**
 * One input and one display per field kind (contracts/src/resource.ts), so every declared
 * resource's forms and pages look and behave alike. Labels come from the i18n resources
 * (`resources.{name}.fields.{field}`, built from the declarations).
 */
const choicesOf = (labels: Readonly<Record<string, string>>, values: readonly string[]) =>
  values.map((id) => ({ id, name: labels[id] ?? id }));

/** The field a referenced resource's records are named by. */
export const representationOf = (resource: string) =>
  resource === 'user' ? 'name' : (resourceNamed(resource)?.representation ?? 'id');

export function FieldInput({ source, spec }: { source: string; spec: FieldSpec }) {
  const helperText = spec.help ?? false;
  switch (spec.kind) {
    case 'text':
      return spec.multiline ? (
        <TextInput source={source} multiline minRows={3} fullWidth helperText={helperText} />
      ) : (
        <TextInput source={source} fullWidth helperText={helperText} />
      );
    case 'url':
      return <TextInput source={source} type="url" fullWidth helperText={helperText} />;
    case 'integer':
    case 'decimal':
      return (
        <NumberInput
          source={source}
          helperText={helperText ?? spec.unit}
          step={spec.kind === 'decimal' ? 0.01 : 1}
        />
      );
    case 'money':
      return <NumberInput source={source} helperText={helperText || '원'} step={100} min={0} />;
    case 'boolean':
      return <BooleanInput source={source} helperText={helperText} />;
    case 'enum':
      return (
        <SelectInput source={source} choices={choicesOf(spec.labels, spec.values)} helperText={helperText} />
      );
    case 'enumSet':
      return (
        <AutocompleteArrayInput
          source={source}
          choices={choicesOf(spec.labels, spec.values)}
          helperText={helperText}
        />
      );
    case 'reference':
      return (
        <ReferenceInput source={source} reference={spec.resource}>
          <AutocompleteInput optionText={representationOf(spec.resource)} helperText={helperText} fullWidth />
        </ReferenceInput>
      );
    case 'timestamp':
      return <DateTimeInput source={source} helperText={helperText} />;
    case 'json':
      // Structured fields have editors of their own (a resource's form override).
      return null;
    case 'file':
      return <FileInput source={source} spec={spec} />;
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}

/** The stored value is a code; people read its label. */
function EnumField({ source, labels }: { source: string; labels: Readonly<Record<string, string>> }) {
  const value = useRecordContext()?.[source];
  // A 단종 catalogue record stands out where it is listed: it is kept only for the designs using it.
  if (value === 'Discontinued')
    return <Chip size="small" color="default" variant="outlined" label={labels[value] ?? '단종'} />;
  return <span>{typeof value === 'string' ? (labels[value] ?? value) : '-'}</span>;
}

function EnumSetField({ source, spec }: { source: string; spec: Extract<FieldSpec, { kind: 'enumSet' }> }) {
  const record = useRecordContext();
  const values: string[] = record?.[source] ?? [];
  return <span>{values.length ? values.map((v) => spec.labels[v] ?? v).join(', ') : '-'}</span>;
}

/** `compact`: a list row's cell (one thumbnail instead of every file). */
export function FieldValue({
  source,
  spec,
  compact,
}: {
  source: string;
  spec: FieldSpec;
  compact?: boolean;
}) {
  switch (spec.kind) {
    case 'text':
      return (
        <TextField
          source={source}
          emptyText="-"
          sx={spec.multiline ? { whiteSpace: 'pre-wrap' } : undefined}
        />
      );
    case 'url':
      return <UrlField source={source} emptyText="-" target="_blank" rel="noopener noreferrer" />;
    case 'integer':
    case 'decimal':
      return <NumberField source={source} emptyText="-" locales={koreanLocale} />;
    case 'money':
      return <WonField source={source} />;
    case 'boolean':
      return <BooleanField source={source} />;
    case 'enum':
      return <EnumField source={source} labels={spec.labels} />;
    case 'enumSet':
      return <EnumSetField source={source} spec={spec} />;
    case 'reference':
      return (
        <ReferenceField source={source} reference={spec.resource} emptyText="-">
          <TextField source={representationOf(spec.resource)} />
        </ReferenceField>
      );
    case 'timestamp':
      return <KoreaDateField source={source} showTime emptyText="-" />;
    case 'json':
      return null;
    case 'file':
      return <FileValue source={source} compact={compact} />;
    default: {
      const unreachable: never = spec;
      return unreachable;
    }
  }
}
