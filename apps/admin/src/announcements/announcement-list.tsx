import type { ReactNode } from 'react';
import { announcementStateLabels } from '@koza/domain/api/admin-announcements';

interface ListedAnnouncement {
  id: number;
  state: keyof typeof announcementStateLabels;
  updatedBy: string | null;
  editable: boolean;
}

interface AnnouncementColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

/**
 * The table of a list screen: 状態, the screen's own columns, 最終更新者, and for a publisher 操作 with
 * the row's actions when the row can still be changed.
 */
export function AnnouncementTable<T extends ListedAnnouncement>({
  rows,
  columns,
  actions,
}: {
  rows: readonly T[];
  columns: readonly AnnouncementColumn<T>[];
  /** The publisher's buttons for an editable row; absent for a role that only reads. */
  actions?: (row: T) => ReactNode;
}) {
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">状態</th>
          {columns.map((c) => (
            <th key={c.header} scope="col">
              {c.header}
            </th>
          ))}
          <th scope="col">最終更新者</th>
          {actions && <th scope="col">操作</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{announcementStateLabels[row.state]}</td>
            {columns.map((c) => (
              <td key={c.header} className={c.className}>
                {c.cell(row)}
              </td>
            ))}
            <td>{row.updatedBy ?? '参照データ'}</td>
            {actions && <td>{row.editable && actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
