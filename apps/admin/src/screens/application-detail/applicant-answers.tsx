import type { ApplicationDetail } from '@koza/domain/api/admin';
import { applicationTypeLabels, caseViewSections, relationshipText } from '@koza/domain/admin/case-view';

type AnswerSection = ReturnType<typeof caseViewSections>[number];

function Answers({ rows }: { rows: readonly { label: string; value: string }[] }) {
  return (
    <dl className="fields">
      {rows.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function AnswersOfSection({ section }: { section: AnswerSection }) {
  return (
    <section aria-label={section.title}>
      <h3>{section.title}</h3>
      <Answers rows={section.rows} />
    </section>
  );
}

/**
 * A child application's sections picked by their key, never by their place: the child's and the
 * parent's (shown side by side) and the others in their order.
 */
export function childCaseSections<S extends { key: string }>(sections: readonly S[]): { child?: S; parent?: S; rest: S[] } {
  return {
    child: sections.find((s) => s.key === 'child'),
    parent: sections.find((s) => s.key === 'parent'),
    rest: sections.filter((s) => s.key !== 'child' && s.key !== 'parent'),
  };
}

/**
 * The answers in the confirmation screen's sections: for a child application the child and the
 * parent side by side with the relationship, then the branch.
 */
export function ApplicantAnswers({ detail }: { detail: ApplicationDetail }) {
  const sections = caseViewSections(detail.applicationType, detail.application, detail.applicationParent);
  if (detail.applicationType !== 'CHILD') {
    return (
      <section aria-labelledby="applicant">
        <h2 id="applicant">申込者（{applicationTypeLabels.GENERAL}）</h2>
        {sections.map((s) => (
          <AnswersOfSection key={s.key} section={s} />
        ))}
      </section>
    );
  }
  const { child, parent, rest } = childCaseSections(sections);
  return (
    <section aria-labelledby="applicant">
      <h2 id="applicant">お子さま（口座名義人）と親権者（代理人）</h2>
      <p>続柄：親権者はお子さまの{relationshipText(String(detail.applicationParent?.relationship ?? ''))}</p>
      <div className="side-by-side">{[child, parent].map((s) => s && <AnswersOfSection key={s.key} section={s} />)}</div>
      {rest.map((s) => (
        <AnswersOfSection key={s.key} section={s} />
      ))}
    </section>
  );
}
