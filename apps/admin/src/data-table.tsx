import type { ReactNode } from 'react';

// The one table of the back office's lists (applications, maintenance, notices, staff, audit): the
// columns are data, a sortable column's header is a button that says its order (aria-sort).

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** The column can order the list (the screen decides how: in the URL, on the server). */
  sortable?: boolean;
}

export interface SortOrder {
  key: string;
  direction: 'asc' | 'desc';
}

interface DataTableProps<T> {
  caption?: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  sort?: SortOrder | null;
  onSort?: (order: SortOrder) => void;
  /** Shown in the table when there are no rows. */
  empty?: string;
  rowClassName?: (row: T) => string | undefined;
}

const directionText = { asc: '昇順', desc: '降順' } as const;

export function DataTable<T>({ caption, columns, rows, rowKey, sort, onSort, empty, rowClassName }: DataTableProps<T>) {
  return (
    <table>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => {
            const current = sort?.key === c.key ? sort.direction : null;
            return (
              <th
                key={c.key}
                scope="col"
                aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : c.sortable && onSort ? 'none' : undefined}
              >
                {c.sortable && onSort ? (
                  <button
                    type="button"
                    className="sort"
                    onClick={() => onSort({ key: c.key, direction: current === 'asc' ? 'desc' : 'asc' })}
                    aria-label={`${c.header}で${current === 'asc' ? directionText.desc : directionText.asc}に並べ替え`}
                  >
                    {c.header}
                    <span aria-hidden="true">{current === 'asc' ? ' ▲' : current === 'desc' ? ' ▼' : ' ⇅'}</span>
                  </button>
                ) : (
                  c.header
                )}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && empty && (
          <tr>
            <td colSpan={columns.length}>{empty}</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} className={rowClassName?.(row)}>
            {columns.map((c) => (
              <td key={c.key} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
