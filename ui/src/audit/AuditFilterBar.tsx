import {
  type AuditEntry,
  allEventTypes,
  erasedPersonName,
  eventTypeLabel,
  objectTypeLabels,
} from '@interior/contracts';
import { Autocomplete, MenuItem, Stack, TextField } from '@mui/material';
import { type InfiniteData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AuditFilterValues } from './api';

interface Person {
  id: number;
  name: string | null;
  email: string | null;
}

/** A person as the picker lists them: the name (or the erased mark), and the address when known. */
function personLabel(p: Person): string {
  const name = p.name ?? erasedPersonName;
  return p.email ? `${name} (${p.email})` : name;
}

/** The people named in the log pages loaded so far: whom a reader who may not list users can pick. */
function actorsSeen(client: QueryClient, q: string): Person[] {
  const people = new Map<number, Person>();
  for (const [, data] of client.getQueriesData<InfiniteData<{ entries: AuditEntry[] }>>({
    queryKey: ['audit-log'],
  })) {
    for (const entry of data?.pages.flatMap((page) => page.entries) ?? []) {
      const { id, name } = entry.actor;
      if (id !== null && name.includes(q)) people.set(id, { id, name, email: null });
    }
  }
  return [...people.values()];
}

/**
 * Picks the actor by name or e-mail from the people the reader may read (the users list answers
 * only those) and the people the log has shown them (whom a reader who may read few users still
 * sees act on the records they audit). The log is filtered by the person's id.
 */
function ActorPicker({
  value,
  onChange,
}: {
  value: Person | null;
  onChange: (person: Person | null) => void;
}) {
  const dataProvider = useDataProvider();
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(q.trim()), 250);
    return () => clearTimeout(timer);
  }, [q]);
  const people = useQuery({
    queryKey: ['audit-actors', debounced],
    queryFn: async () => {
      const { data } = await dataProvider.getList<Person & { id: number }>('user', {
        filter: debounced ? { q: debounced } : {},
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'id', order: 'ASC' },
      });
      return data;
    },
    retry: false,
  });
  return (
    <Autocomplete
      sx={{ minWidth: 220 }}
      size="small"
      options={[
        ...new Map(
          // The users list's answer (with the address) wins over the name the log showed.
          [...actorsSeen(client, debounced), ...(people.data ?? [])].map((person) => [person.id, person]),
        ).values(),
      ]}
      loading={people.isFetching}
      value={value}
      onChange={(_, person) => onChange(person)}
      inputValue={q}
      onInputChange={(_, text) => setQ(text)}
      // What was typed narrows the list at once; the users list's answer for it follows. Options
      // left unfiltered until that answer would move under the pointer as it arrives.
      filterOptions={(all, { inputValue }) => {
        const typed = inputValue.trim().toLowerCase();
        return typed ? all.filter((p) => personLabel(p).toLowerCase().includes(typed)) : all;
      }}
      getOptionLabel={personLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText="찾는 사람이 없습니다."
      loadingText="찾는 중…"
      renderInput={(params) => <TextField {...params} label="사용자 (이름 또는 이메일)" />}
    />
  );
}

const typeOptions = [...allEventTypes];

/**
 * The log's filters: who, which kind of record and which one, which event, and when (the times
 * are Korea time, as the API reads a time without an offset).
 */
export function AuditFilterBar({
  filter,
  onChange,
}: {
  filter: AuditFilterValues;
  onChange: (patch: Partial<AuditFilterValues>) => void;
}) {
  const [actor, setActor] = useState<Person | null>(null);
  const [objectId, setObjectId] = useState(filter.objectId ? String(filter.objectId) : '');
  const set = onChange;
  const applyObjectId = () => {
    const id = /^[1-9]\d{0,9}$/.test(objectId.trim()) ? Number(objectId.trim()) : undefined;
    if (id !== filter.objectId) set({ objectId: id });
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }} aria-label="로그 필터">
      <ActorPicker
        value={actor}
        onChange={(person) => {
          setActor(person);
          set({ actorId: person?.id });
        }}
      />
      <TextField
        select
        size="small"
        label="대상 종류"
        sx={{ minWidth: 160 }}
        value={filter.objectType ?? ''}
        onChange={(event) => set({ objectType: event.target.value || undefined })}
      >
        <MenuItem value="">전체</MenuItem>
        {Object.entries(objectTypeLabels).map(([type, label]) => (
          <MenuItem key={type} value={type}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label="대상 번호"
        sx={{ width: 120 }}
        value={objectId}
        onChange={(event) => setObjectId(event.target.value)}
        onBlur={applyObjectId}
        onKeyDown={(event) => {
          if (event.key === 'Enter') applyObjectId();
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Autocomplete
        sx={{ minWidth: 240 }}
        size="small"
        options={typeOptions}
        value={filter.type ?? null}
        onChange={(_, type) => set({ type: type ?? undefined })}
        getOptionLabel={(type) => `${eventTypeLabel(type)} (${type})`}
        renderInput={(params) => <TextField {...params} label="이벤트" />}
      />
      <TextField
        size="small"
        type="datetime-local"
        label="시작 (한국 시간)"
        value={filter.from ?? ''}
        onChange={(event) => set({ from: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="datetime-local"
        label="끝 (한국 시간)"
        value={filter.to ?? ''}
        onChange={(event) => set({ to: event.target.value || undefined })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Stack>
  );
}
