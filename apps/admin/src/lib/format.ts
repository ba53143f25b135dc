const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO-8601 time from the server in the operator's local time zone, as `2025-01-31 14:05:09`: compact,
 * unambiguous and in the same order everywhere in the console.
 */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
