import type { ApplicationDetail } from '@koza/domain/api/admin';
import { caseEventLabels } from '@koza/domain/admin/case';
import { formatDateTime } from '../../format.ts';

/** 対応履歴: every event of the case with when, who (the applicant for the submission) and why. */
export function CaseHistory({ history }: { history: ApplicationDetail['case']['history'] }) {
  return (
    <section aria-labelledby="history">
      <h2 id="history">対応履歴</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">日時</th>
            <th scope="col">内容</th>
            <th scope="col">職員</th>
            <th scope="col">理由</th>
          </tr>
        </thead>
        <tbody>
          {history.map((e, i) => (
            <tr key={i}>
              <td>{formatDateTime(e.at)}</td>
              <td>{caseEventLabels[e.kind]}</td>
              <td>{e.by ?? 'お客さま'}</td>
              <td>{e.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
