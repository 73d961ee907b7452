import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useListContext } from 'react-admin';

/**
 * The surrounding list's search by name (`q`), applied half a second after the last keystroke as
 * react-admin's search input does, without its filter form (react-hook-form) for one field.
 */
export function ListSearchField() {
  const { filterValues, setFilters } = useListContext();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(applied);
  // The latest filters, for the delayed apply: another filter (a folder) may change meanwhile.
  const latest = useRef(filterValues);
  latest.current = filterValues;
  // Follows the applied search when it changes from elsewhere (the back button, a link), not when
  // it catches up with what was typed.
  const sent = useRef(applied);
  useEffect(() => {
    if (applied !== sent.current) {
      sent.current = applied;
      setText(applied);
    }
  }, [applied]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = text;
      const { q: _, ...others } = latest.current;
      setFilters(text === '' ? others : { ...others, q: text });
    }, 500);
    return () => clearTimeout(timer);
  }, [text, setFilters]);
  return (
    <TextField
      size="small"
      placeholder="검색"
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        htmlInput: { 'aria-label': '검색' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon color="disabled" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
