import { useEffect, useId, useRef, type ReactNode } from 'react';
import { confirmationQuestions as q, type ConfirmationQuestionId } from '@koza/domain/confirmation-questions';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { ChoiceGroup, Checkbox } from '../../components/choice-group.tsx';
import { BlockedNotice } from '../../components/blocked-notice.tsx';
import { CashCard, cashCardText } from '../../components/cash-card.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { StatusLink } from '../../components/status-link.tsx';
import { useBank } from '../../lib/bank-context.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { session } from '../../lib/session.ts';
import { useRestoredState } from '../../lib/hydration.ts';
import { canProceed, isBlocked, parseTermAnswers, visibleQuestions, type TermAnswers } from './term-answers.ts';
import { blockedMessages, consent, myNumber, Notice, prefersReducedMotion, termVariants, text, yesNo, type TermSlug } from './term-parts.tsx';
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
  const sectionRefs = useRef(new Map<ConfirmationQuestionId, HTMLElement>());
  const shownBefore = useRef(visible.length);
  const hintId = useId();
  const ready = canProceed(answers, variant.questions);

  useEffect(() => {
    session.setJson(variant.storageKey, answers);
  }, [answers, variant.storageKey]);

  // When an answer reveals the next questions, bring the first of them into view (smoothly unless
  // reduced motion is asked).
  const shownCount = visible.length;
  const firstNew = visible[shownBefore.current];
  useEffect(() => {
    const previously = shownBefore.current;
    shownBefore.current = shownCount;
    if (shownCount <= previously || !firstNew) return;
    sectionRefs.current.get(firstNew)?.scrollIntoView?.({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  }, [shownCount, firstNew]);

  const answer = <K extends keyof TermAnswers>(key: K, value: TermAnswers[K]) => setAnswers((a) => ({ ...a, [key]: value }));

  const blocked = (question: keyof typeof blockedMessages): ReactNode => {
    const { message, note } = question === 'conditions' ? variant.conditionsBlocked : blockedMessages[question];
    return isBlocked(question, answers) ? <BlockedNotice message={message} note={note} branchSearchUrl={bank.links.branchSearch} /> : undefined;
  };

  const number = (question: ConfirmationQuestionId) => (
    <span className={styles.number} aria-hidden="true">
      {text.questionNumber(visible.indexOf(question) + 1)}
    </span>
  );

  const questions: Record<ConfirmationQuestionId, () => ReactNode> = {
    firstAccount: () => (
      <ChoiceGroup
        legend={
          <>
            {number('firstAccount')}
            {q.firstAccount.title}
          </>
        }
        options={yesNo}
        inline
        value={answers.firstAccount}
        onChange={(v) => answer('firstAccount', v)}
        feedback={blocked('firstAccount')}
      />
    ),
    identityDocument: () => (
      <ChoiceGroup
        legend={
          <>
            {number('identityDocument')}
            {q.identityDocument.title}
          </>
        }
        details={
          <ul className={styles.documents}>
            {q.identityDocument.documents.map((doc) => (
              <li key={doc}>{doc}</li>
            ))}
          </ul>
        }
        options={yesNo}
        inline
        value={answers.identityDocument}
        onChange={(v) => answer('identityDocument', v)}
        feedback={blocked('identityDocument')}
      />
    ),
    adult: () => (
      <ChoiceGroup
        legend={
          <>
            {number('adult')}
            {q.adult.title}
          </>
        }
        options={yesNo}
        inline
        value={answers.adult}
        onChange={(v) => answer('adult', v)}
        feedback={blocked('adult')}
      />
    ),
    conditions: () => (
      <ChoiceGroup
        legend={
          <>
            {number('conditions')}
            {variant.conditionsTitle.ja}
            <span className={styles.english} lang="en">
              {variant.conditionsTitle.en}
            </span>
          </>
        }
        details={
          <>
            <ul className={styles.conditions}>
              {q.conditions.conditions.map((c) => (
                <li key={c.ja}>
                  {c.ja}
                  <span className={styles.english} lang="en">
                    {c.en}
                  </span>
                </li>
              ))}
            </ul>
            <p className={styles.linkLine}>
              <ExternalLink href={bank.links.pepExplanation}>
                {q.conditions.pepLink.ja}
                <span lang="en"> / {q.conditions.pepLink.en}</span>
              </ExternalLink>
            </p>
          </>
        }
        options={yesNo}
        inline
        value={answers.conditions}
        onChange={(v) => answer('conditions', v)}
        feedback={blocked('conditions')}
      />
    ),
    regulations: () => (
      <ChoiceGroup
        legend={
          <>
            {number('regulations')}
            {q.regulations.title}
          </>
        }
        details={
          <>
            <p>{q.regulations.lead}</p>
            <ul className={styles.regulations}>
              {bank.links.regulations.map((r) => (
                <li key={r.id}>
                  <ExternalLink href={r.url}>{r.label}</ExternalLink>
                </li>
              ))}
            </ul>
          </>
        }
        options={consent}
        inline
        value={answers.regulations}
        onChange={(v) => answer('regulations', v)}
        feedback={blocked('regulations')}
      />
    ),
    myNumber: () => (
      <ChoiceGroup
        legend={
          <>
            {number('myNumber')}
            {q.myNumber.title}
          </>
        }
        details={<p className={styles.note}>{q.myNumber.note}</p>}
        options={myNumber}
        inline
        value={answers.myNumber}
        onChange={(v) => answer('myNumber', v)}
      />
    ),
    passbookLess: () => (
      <Notice number={number('passbookLess')} title={q.passbookLess.title}>
        {q.passbookLess.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <p>{cashCardText.delivery}</p>
        <CashCard />
        <Checkbox label={q.passbookLess.confirm} checked={answers.passbookLess === true} onChange={(v) => answer('passbookLess', v)} />
      </Notice>
    ),
    sealLess: () => (
      <Notice number={number('sealLess')} title={q.sealLess.title}>
        {q.sealLess.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
        <ul className={styles.sealList}>
          {q.sealLess.sealNeededFor.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{q.sealLess.closing}</p>
        <Checkbox label={q.sealLess.confirm} checked={answers.sealLess === true} onChange={(v) => answer('sealLess', v)} />
      </Notice>
    ),
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
          <li
            key={question}
            className={styles.question}
            ref={(element) => {
              if (element) sectionRefs.current.set(question, element);
              else sectionRefs.current.delete(question);
            }}
          >
            {questions[question]()}
          </li>
        ))}
      </ol>
      {variant.statusLink && <StatusLink />}
    </Screen>
  );
}
