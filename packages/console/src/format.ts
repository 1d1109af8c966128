// Times and numbers as people read them.

/** "12 s ago", "3 min ago", "2 h ago", "4 d ago". */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  return `${span(now - Date.parse(iso))} ago`;
}

/** "in 57 min", or "expired". */
export function timeLeft(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '';
  const ms = Date.parse(iso) - now;
  return ms <= 0 ? 'expired' : `${span(ms)} left`;
}

export function span(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const hours = Math.floor(m / 60);
  if (hours < 48) return `${hours} h ${m % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

/** Local date and time, to the second. */
export function when(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return d.toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function percent(share: number): string {
  return `${Math.round(share * 1000) / 10}%`;
}
