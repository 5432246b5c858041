import type { ReactNode } from 'react';
import { announcementStateLabels } from '@koza/domain/api/admin-announcements';
import { DataTable } from '../data-table.tsx';
import type { Column } from '../data-table.tsx';

interface ListedAnnouncement {
  id: number;
  state: keyof typeof announcementStateLabels;
  updatedBy: string | null;
  editable: boolean;
}

/**
 * The list of maintenance windows or notices, on the one table of the back office: 状態, the screen's
 * own columns, 最終更新者, and for a publisher 操作 with the row's actions while it can still change.
 */
export function AnnouncementTable<T extends ListedAnnouncement>({
  rows,
  columns,
  actions,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  /** The publisher's buttons for an editable row; absent for a role that only reads. */
  actions?: (row: T) => ReactNode;
}) {
  const all: Column<T>[] = [
    { key: 'state', header: '状態', cell: (row) => announcementStateLabels[row.state] },
    ...columns,
    { key: 'updatedBy', header: '最終更新者', cell: (row) => row.updatedBy ?? '参照データ' },
    ...(actions ? [{ key: 'actions', header: '操作', cell: (row: T) => row.editable && actions(row) }] : []),
  ];
  return <DataTable columns={all} rows={rows} rowKey={(row) => row.id} empty="登録はありません。" />;
}
