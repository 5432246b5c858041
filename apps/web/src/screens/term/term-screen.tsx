import { useEffect, useId } from 'react';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { StatusLink } from '../../components/status-link.tsx';
import { useBank } from '../../lib/bank-context.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { session } from '../../lib/session.ts';
import { useRestoredState } from '../../lib/hydration.ts';
import { canProceed, parseTermAnswers, visibleQuestions, type TermAnswers } from './term-answers.ts';
import { termQuestions, type QuestionContext } from './term-questions.tsx';
import { termVariants, type TermSlug } from './term-variants.ts';
import { text } from './term-wording.ts';
import { useRevealScroll } from './use-reveal-scroll.ts';
import styles from './term-screen.module.css';

/**
 * /term and /child/term: the pre-application confirmation (SPEC.md §2.3, §2.5, §4). The page's
 * questions (all eight; the child's five) appear one at a time; answering one positively reveals the
 * next and scrolls to it. Answers are kept in session storage, so Back and a reload keep them.
 */
export function TermScreen({ slug }: { slug: TermSlug }) {
  const bank = useBank();
  const flow = useFlow(slug);
  const variant = termVariants[slug];
  const [answers, setAnswers] = useRestoredState<TermAnswers>(() => parseTermAnswers(session.getJson(variant.storageKey)), {});
  const visible = visibleQuestions(answers, variant.questions);
  const hintId = useId();
  const ready = canProceed(answers, variant.questions);

  useEffect(() => {
    session.setJson(variant.storageKey, answers);
  }, [answers, variant.storageKey]);

  const refOf = useRevealScroll(visible);

  const ctx: QuestionContext = {
    answers,
    answer: (key, value) => setAnswers((a) => ({ ...a, [key]: value })),
    visible,
    variant,
    bank,
  };

  return (
    <Screen
      title={pageTitles[slug]}
      eyebrow={variant.eyebrow(bank.name)}
      actions={
        <ButtonBar>
          {!ready && (
            <p id={hintId} className={styles.hint}>
              {text.nextHint}
            </p>
          )}
          <Button
            disabled={!ready}
            aria-describedby={ready ? undefined : hintId}
            onClick={() => {
              session.setBankCode(bank.code);
              session.setApplicationType(flow.type);
              flow.next();
            }}
          >
            {text.next}
          </Button>
        </ButtonBar>
      }
    >
      <p className={styles.lead}>{text.lead}</p>
      <ol className={styles.questions}>
        {visible.map((question) => (
          <li key={question} className={styles.question} ref={refOf(question)}>
            {termQuestions[question](ctx)}
          </li>
        ))}
      </ol>
      {variant.statusLink && <StatusLink />}
    </Screen>
  );
}
