import { endOfKoreanDay, fileUrl, type StoredFile } from '@interior/contracts';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { localStore, sessionStore } from '../../browserStorage';
import { apiBase, apiJson } from '../../session';

interface Banner {
  id: number;
  title: string;
  image: StoredFile | null;
  link: string | null;
  position: 'Center' | 'BottomLeft' | 'BottomRight';
  version: number;
}

/** "오늘 하루 보지 않기" is kept per banner until midnight in Korea; 닫기 only for this sign-in (tab). */
const hiddenKey = (banner: Banner) => `popupbanner.hiddenUntil.${banner.id}`;
const closedKey = 'popupbanner.closed';

const closedNow = (): number[] => {
  try {
    const parsed = JSON.parse(sessionStore.get(closedKey) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n) => typeof n === 'number') : [];
  } catch {
    return [];
  }
};
const hiddenForToday = (banner: Banner) => {
  const until = Number(localStore.get(hiddenKey(banner)));
  return Number.isFinite(until) && until > Date.now();
};

const placement = {
  Center: {},
  BottomLeft: { alignItems: 'flex-end', justifyContent: 'flex-start' },
  BottomRight: { alignItems: 'flex-end', justifyContent: 'flex-end' },
} as const;

/**
 * After sign-in the dashboard shows the reader's active pop-up banners (`GET /api/popupbanner`:
 * the service keeps only those of their roles within their window), one at a time.
 */
export function SignedInBanners() {
  const { data } = useQuery({
    queryKey: ['popupbanner', 'active'],
    queryFn: () =>
      apiJson<Banner[]>(
        `${apiBase}/popupbanner?${new URLSearchParams({ range: '[0,9]', sort: '["id","DESC"]' })}`,
      ),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [closed, setClosed] = useState<number[]>(closedNow);
  const banner = (data ?? []).find((b) => !closed.includes(b.id) && !hiddenForToday(b));
  if (!banner) return null;

  const close = (forToday: boolean) => {
    if (forToday) localStore.set(hiddenKey(banner), String(endOfKoreanDay(new Date()).getTime()));
    const next = [...closed, banner.id];
    sessionStore.set(closedKey, JSON.stringify(next));
    setClosed(next);
  };
  const image = banner.image && (
    <Box
      component="img"
      src={fileUrl(banner.image)}
      alt={banner.title}
      sx={{ display: 'block', width: '100%', maxHeight: '60vh', objectFit: 'contain' }}
    />
  );
  return (
    <Dialog
      open
      onClose={() => close(false)}
      aria-labelledby={`popupbanner-${banner.id}`}
      sx={{ '& .MuiDialog-container': placement[banner.position] ?? {} }}
      slotProps={{ paper: { sx: { width: 400, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <DialogTitle id={`popupbanner-${banner.id}`}>{banner.title}</DialogTitle>
      <DialogContent sx={{ p: 0 }}>
        {banner.link ? (
          <Link
            href={banner.link}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${banner.title} (새 창)`}
          >
            {image}
          </Link>
        ) : (
          image
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'space-between' }}>
        <Button onClick={() => close(true)}>오늘 하루 보지 않기</Button>
        <Button onClick={() => close(false)} variant="contained">
          닫기
        </Button>
      </DialogActions>
    </Dialog>
  );
}
