import { useCallback, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { announcementStateLabels } from '@koza/domain/api/admin-announcements';
import { getJson } from '../api.ts';
import { useFieldErrors } from '../field-errors.tsx';

/**
 * One list screen of the back office (maintenance, notices): its rows, loaded at once and again after
 * each change; the form's errors; the outcome of the last change. `change` runs a call and answers
 * whether it went through.
 */
export function useAnnouncementList<T>(path: string, schema: z.ZodType<{ items: T[] }>, formPrefix: string) {
  const [items, setItems] = useState<T[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const form = useFieldErrors(formPrefix);
  const { fail, reset } = form;

  const load = useCallback(async () => {
    try {
      setItems((await getJson(path, schema)).items);
    } catch (e) {
      fail(e, '読み込めませんでした。');
    }
  }, [path, schema, fail]);
  useEffect(() => {
    void load();
  }, [load]);

  const change = useCallback(
    async (call: () => Promise<void>, doneText: string, failText: string): Promise<boolean> => {
      reset();
      setDone(null);
      try {
        await call();
      } catch (e) {
        fail(e, failText);
        return false;
      }
      setDone(doneText);
      await load();
      return true;
    },
    [reset, fail, load],
  );

  return { items, form, done, change };
}

/** The outcome of the last change (a polite live region) and any failure (an alert). */
export function Outcome({ done, error }: { done: string | null; error: string | null }) {
  return (
    <>
      <div aria-live="polite">{done && <p className="notice">{done}</p>}</div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

interface ListedAnnouncement {
  id: number;
  state: keyof typeof announcementStateLabels;
  updatedBy: string | null;
  editable: boolean;
}

export interface AnnouncementColumn<T> {
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
