import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../format.ts';

interface PostalData {
  version: string;
  source: string | null;
  dataDate: string | null;
  rows: number;
  loadedAt: string;
}

/** The postal-data part of GET /api/health (public, no personal data), or null. */
function postalDataOf(body: unknown): PostalData | null {
  const p = (body as { postalData?: unknown } | null)?.postalData;
  if (typeof p !== 'object' || p === null) return null;
  const r = p as Record<string, unknown>;
  return typeof r.rows === 'number' && typeof r.loadedAt === 'string' && typeof r.version === 'string'
    ? {
        version: r.version,
        source: typeof r.source === 'string' ? r.source : null,
        dataDate: typeof r.dataDate === 'string' ? r.dataDate : null,
        rows: r.rows,
        loadedAt: r.loadedAt,
      }
    : null;
}

/**
 * Which postal-code data the service uses (issue 27): the date of Japan Post's data, where it came
 * from (the packaged snapshot or a KEN_ALL file loaded with `npm run postal:update`), rows, loaded when.
 */
export function PostalDataNote() {
  // The applicant API's public health answer (not /api/admin): loaded like every screen's data.
  const health = useQuery({
    queryKey: ['health', 'postal-data'],
    queryFn: async ({ signal }) => postalDataOf(await (await fetch('/api/health', { signal })).json()) ?? 'unknown',
  });
  const data: PostalData | null | 'unknown' = health.isError ? 'unknown' : (health.data ?? null);

  return (
    <section aria-labelledby="postal-data-heading">
      <h2 id="postal-data-heading">郵便番号データ</h2>
      {data === null ? (
        <p role="status">読み込み中…</p>
      ) : data === 'unknown' ? (
        <p>郵便番号データの情報を取得できませんでした。</p>
      ) : (
        <p>
          {data.dataDate ? `${data.dataDate.replaceAll('-', '/')} 時点のデータ` : '日付不明のデータ'}（{data.source ?? '出所不明'}、
          {data.rows.toLocaleString('ja-JP')}件、 版 {data.version.slice(0, 20)}、{formatDateTime(data.loadedAt)} 読込）。更新は運用担当が日本郵便の KEN_ALL.CSV
          を「npm run postal:update」で読み込みます。
        </p>
      )}
    </section>
  );
}
