import type { ReactNode } from 'react';
import type { Bank } from '@koza/domain/banks/banks';
import { confirmationQuestions as q, type ConfirmationQuestionId } from '@koza/domain/confirmation-questions';
import { BlockedNotice } from '../../components/blocked-notice.tsx';
import { CashCard, cashCardText } from '../../components/cash-card.tsx';
import { ChoiceGroup, Checkbox } from '../../components/choice-group.tsx';
import { ExternalLink } from '../../components/external-link.tsx';
import { isBlocked, type TermAnswers } from './term-answers.ts';
import { Notice } from './term-notice.tsx';
import type { TermVariant } from './term-variants.ts';
import { blockedMessages, consent, myNumber, text, yesNo } from './term-wording.ts';
import styles from './term-screen.module.css';

/** What a question needs of the screen: the answers so far, how to answer, the page's variant and the bank. */
export interface QuestionContext {
  answers: TermAnswers;
  answer: <K extends keyof TermAnswers>(key: K, value: TermAnswers[K]) => void;
  /** The questions shown so far, in order (a question's number is its place among them). */
  visible: readonly ConfirmationQuestionId[];
  variant: TermVariant;
  bank: Bank;
}

const numberOf = (ctx: QuestionContext, question: ConfirmationQuestionId) => (
  <span className={styles.number} aria-hidden="true">
    {text.questionNumber(ctx.visible.indexOf(question) + 1)}
  </span>
);

/** The message under a question answered with a blocking 'no' (nothing otherwise). */
const blockedOf = (ctx: QuestionContext, question: keyof typeof blockedMessages): ReactNode => {
  const { message, note } = question === 'conditions' ? ctx.variant.conditionsBlocked : blockedMessages[question];
  return isBlocked(question, ctx.answers) ? <BlockedNotice message={message} note={note} branchSearchUrl={ctx.bank.links.branchSearch} /> : undefined;
};

/**
 * Each question of the pre-application confirmation as it is shown: its number, title and details,
 * its choices (or the notice and its checkbox) and the message of a blocking answer. Called, not
 * mounted, so each question sits directly in its list item.
 */
export const termQuestions: Readonly<Record<ConfirmationQuestionId, (ctx: QuestionContext) => ReactNode>> = {
  firstAccount: (ctx) => (
    <ChoiceGroup
      legend={
        <>
          {numberOf(ctx, 'firstAccount')}
          {q.firstAccount.title}
        </>
      }
      options={yesNo}
      inline
      value={ctx.answers.firstAccount}
      onChange={(v) => ctx.answer('firstAccount', v)}
      feedback={blockedOf(ctx, 'firstAccount')}
    />
  ),
  identityDocument: (ctx) => (
    <ChoiceGroup
      legend={
        <>
          {numberOf(ctx, 'identityDocument')}
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
      value={ctx.answers.identityDocument}
      onChange={(v) => ctx.answer('identityDocument', v)}
      feedback={blockedOf(ctx, 'identityDocument')}
    />
  ),
  adult: (ctx) => (
    <ChoiceGroup
      legend={
        <>
          {numberOf(ctx, 'adult')}
          {q.adult.title}
        </>
      }
      options={yesNo}
      inline
      value={ctx.answers.adult}
      onChange={(v) => ctx.answer('adult', v)}
      feedback={blockedOf(ctx, 'adult')}
    />
  ),
  conditions: (ctx) => (
    <ChoiceGroup
      legend={
        <>
          {numberOf(ctx, 'conditions')}
          {ctx.variant.conditionsTitle.ja}
          <span className={styles.english} lang="en">
            {ctx.variant.conditionsTitle.en}
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
            <ExternalLink href={ctx.bank.links.pepExplanation}>
              {q.conditions.pepLink.ja}
              <span lang="en"> / {q.conditions.pepLink.en}</span>
            </ExternalLink>
          </p>
        </>
      }
      options={yesNo}
      inline
      value={ctx.answers.conditions}
      onChange={(v) => ctx.answer('conditions', v)}
      feedback={blockedOf(ctx, 'conditions')}
    />
  ),
  regulations: (ctx) => (
    <ChoiceGroup
      legend={
        <>
          {numberOf(ctx, 'regulations')}
          {q.regulations.title}
        </>
      }
      details={
        <>
          <p>{q.regulations.lead}</p>
          <ul className={styles.regulations}>
            {ctx.bank.links.regulations.map((r) => (
              <li key={r.id}>
                <ExternalLink href={r.url}>{r.label}</ExternalLink>
              </li>
            ))}
          </ul>
        </>
      }
      options={consent}
      inline
      value={ctx.answers.regulations}
      onChange={(v) => ctx.answer('regulations', v)}
      feedback={blockedOf(ctx, 'regulations')}
    />
  ),
  myNumber: (ctx) => (
    <ChoiceGroup
      legend={
        <>
          {numberOf(ctx, 'myNumber')}
          {q.myNumber.title}
        </>
      }
      details={<p className={styles.note}>{q.myNumber.note}</p>}
      options={myNumber}
      inline
      value={ctx.answers.myNumber}
      onChange={(v) => ctx.answer('myNumber', v)}
    />
  ),
  passbookLess: (ctx) => (
    <Notice number={numberOf(ctx, 'passbookLess')} title={q.passbookLess.title}>
      {q.passbookLess.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <p>{cashCardText.delivery}</p>
      <CashCard />
      <Checkbox label={q.passbookLess.confirm} checked={ctx.answers.passbookLess === true} onChange={(v) => ctx.answer('passbookLess', v)} />
    </Notice>
  ),
  sealLess: (ctx) => (
    <Notice number={numberOf(ctx, 'sealLess')} title={q.sealLess.title}>
      {q.sealLess.paragraphs.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <ul className={styles.sealList}>
        {q.sealLess.sealNeededFor.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{q.sealLess.closing}</p>
      <Checkbox label={q.sealLess.confirm} checked={ctx.answers.sealLess === true} onChange={(v) => ctx.answer('sealLess', v)} />
    </Notice>
  ),
};
