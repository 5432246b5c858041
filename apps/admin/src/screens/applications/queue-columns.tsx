import { Link } from 'react-router';
import type { ApplicationListItem } from '@koza/domain/api/admin';
import { applicationTypeLabels } from '@koza/domain/admin/case-view';
import { adminStatusLabels } from '@koza/domain/admin/rules';
import type { Column } from '../../data-table.tsx';
import { formatDateTime } from '../../format.ts';

/**
 * The queue's columns: the receipt number links to the case view and hands it the list's query
 * (`search`), so the case view's Back link returns to the same filters and page.
 */
export function queueColumns(search: string): Column<ApplicationListItem>[] {
  return [
    {
      key: 'applicationNumber',
      header: '受付番号',
      sortable: true,
      cell: (item) => (
        <Link to={`/applications/${item.id}`} state={{ search }}>
          {item.applicationNumber ?? '（未採番）'}
        </Link>
      ),
    },
    { key: 'type', header: '申込種別', cell: (item) => applicationTypeLabels[item.applicationType] },
    {
      key: 'status',
      header: '状態',
      sortable: true,
      cell: (item) =>
        `${adminStatusLabels[item.status] ?? item.status}${item.proposed ? (item.status === 'APPROVED' ? '（取消申請済み）' : '（承認申請済み）') : ''}`,
    },
    { key: 'name', header: '氏名', cell: (item) => item.name },
    { key: 'kanaName', header: 'フリガナ', sortable: true, cell: (item) => item.kanaName },
    { key: 'branch', header: '取引店', sortable: true, cell: (item) => (item.branchName ? `${item.branchName}（${item.branchCode ?? ''}）` : '') },
    { key: 'completedAt', header: '申込完了日時', sortable: true, cell: (item) => (item.completedAt ? formatDateTime(item.completedAt) : '') },
    {
      key: 'age',
      header: '経過日数',
      sortable: true,
      className: 'number',
      cell: (item) => (item.overdue ? <span className="age-overdue">{item.ageDays}日（目標超過）</span> : `${item.ageDays}日`),
    },
    { key: 'assignee', header: '担当者', cell: (item) => item.assignee ?? '—' },
  ];
}
