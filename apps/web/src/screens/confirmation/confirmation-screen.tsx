import { useState, type FormEvent } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { confirmationSchema } from '@koza/domain/steps/confirmation';
import { validateStep } from '@koza/domain/steps/validate-step';
import { applicationsQuery, useStepQuery } from '../../api/queries.ts';
import { useFlow } from '../../lib/flow.ts';
import { Checkbox } from '../../components/choice-group.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { KeepTogether } from '../../components/keep-together.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { focusFirstError } from '../../forms/use-step-form.ts';
import { confirmationSections, confirmationText } from './confirmation-sections.tsx';
import styles from './confirmation-screen.module.css';

/**
 * /confirmation and /child/confirmation, SPEC.md §2.5, §5: the saved
 * application (and the child's parent) for review, with a way back to each step, and the tick that
 * the address matches the documents → the flow's Next (the PIN). Back and Next follow the flow order
 * (decision in flows.ts: the original's inverted child order is not reproduced).
 */
export function ConfirmationScreen({ slug }: { slug: Extract<PageSlug, 'confirmation' | 'child-confirmation'> }) {
  const flow = useFlow(slug);
  const saved = useStepQuery(slug, applicationsQuery);
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = validateStep(confirmationSchema, { addressConfirmed: ticked });
    if (!checked.ok) {
      setError(checked.errors[0]?.message ?? messages.addressConfirmationRequired);
      focusFirstError();
      return;
    }
    flow.next();
  }

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} loading={!saved}>
      {saved && (
        <>
          <p className={styles.lead}>{confirmationText.lead}</p>
          {confirmationSections(flow.type, saved.application, saved.applicationParent).map((section) => (
            <section key={section.slug} className={styles.section} aria-labelledby={`confirm-${section.slug}`}>
              <div className={styles.sectionHead}>
                <h2 id={`confirm-${section.slug}`} className={styles.sectionTitle}>
                  {section.title}
                </h2>
                <button
                  type="button"
                  className={styles.edit}
                  aria-label={`${section.title}を${confirmationText.edit}`}
                  onClick={() => flow.revisit(section.slug)}
                >
                  {confirmationText.edit}
                </button>
              </div>
              <dl className={styles.table}>
                {section.rows.map(([label, value]) => (
                  <div key={label} className={styles.row}>
                    <dt>{label}</dt>
                    <dd>{typeof value === 'string' ? <KeepTogether>{value}</KeepTogether> : value}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          <section className={styles.check} aria-labelledby="confirm-address-check">
            <h2 id="confirm-address-check" className={styles.sectionTitle}>
              {confirmationText.addressCheckTitle}
            </h2>
            <p id="confirm-address-text" className={styles.checkText}>
              {flow.type === 'CHILD' ? confirmationText.childAddressCheck : confirmationText.addressCheck}
            </p>
            <Checkbox
              label={messages.addressConfirmed}
              checked={ticked}
              invalid={Boolean(error)}
              describedBy={error ? 'confirm-address-text confirm-address-error' : 'confirm-address-text'}
              onChange={(v) => {
                setTicked(v);
                if (v) setError(undefined);
              }}
            />
            {error && <ErrorText id="confirm-address-error">{error}</ErrorText>}
          </section>
        </>
      )}
    </StepScreen>
  );
}
