/** `2026-06-15T10:00:00+09:00` → `2026/06/15 10:00` (the API already answers in Japan time). */
export const formatDateTime = (iso: string): string => `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 16)}`;
