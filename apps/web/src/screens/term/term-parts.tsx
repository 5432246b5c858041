import { useId, type ReactNode } from 'react';
import {
  childConditionsTitle,
  confirmationQuestions,
  consentLabels,
  myNumberChoices,
  myNumberLabels,
  termQuestionGroups,
  yesNoLabels,
  type Bilingual,
} from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import { sessionKeys } from '../../lib/session.ts';
import type { Choice } from '../../components/choice-group.tsx';
import type { YesNo } from './term-answers.ts';
import styles from './term-screen.module.css';

// UI wording of this screen; the questions come from the domain, the blocking messages from messages.ts.
export const text = {
  lead: 'お申込みの前に、以下の項目についてお答えください。すべての項目をご確認いただくと、「次へ」に進めます。',
  questionNumber: (n: number) => `Q${n}`,
  next: '次へ',
  nextHint: 'すべての項目にお答えいただくと押せるようになります。',
};

export const yesNo: readonly Choice<YesNo>[] = [
  { value: 'yes', label: yesNoLabels.yes },
  { value: 'no', label: yesNoLabels.no },
];
export const consent: readonly Choice<YesNo>[] = [
  { value: 'yes', label: consentLabels.yes },
  { value: 'no', label: consentLabels.no },
];
export const myNumber = myNumberChoices.map((value) => ({ value, label: myNumberLabels[value] }));

/** The message of each blocking 'no' (SPEC.md §2.3, §4, §8); the branch-visit note goes with steps 1 to 4. */
export const blockedMessages = {
  firstAccount: { message: messages.blockedExistingAccount, note: messages.branchVisitNote },
  identityDocument: { message: messages.blockedNoDocument, note: messages.branchVisitNote },
  adult: { message: messages.blockedUnder18, note: messages.branchVisitNote },
  conditions: { message: messages.conditionsNotMet, note: messages.branchVisitNote },
  regulations: { message: messages.regulationRefused, note: undefined },
} as const;

/** What differs between /term and /child/term: the questions, where answers are kept, the conditions' wording. */
export const termVariants = {
  term: {
    questions: termQuestionGroups.term,
    storageKey: sessionKeys.termAnswers,
    eyebrow: (bankName: string) => `${bankName} 普通預金口座開設のお申込み`,
    conditionsTitle: confirmationQuestions.conditions.title as Bilingual,
    conditionsBlocked: blockedMessages.conditions as { message: string; note: string | undefined },
    /** The bank's entry page offers お申込み状況の確認 to those who have already applied (decision 0192). */
    statusLink: true,
  },
  'child-term': {
    questions: termQuestionGroups['child-term'],
    storageKey: sessionKeys.childTermAnswers,
    eyebrow: (bankName: string) => `${bankName} お子さまの普通預金口座開設のお申込み`,
    conditionsTitle: childConditionsTitle,
    conditionsBlocked: { message: messages.childConditionsNotMet, note: messages.branchVisitNote },
    statusLink: false,
  },
} as const;
export type TermSlug = keyof typeof termVariants;

export const prefersReducedMotion = (): boolean => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A notice confirmed by a checkbox (passbook-less, seal-less). */
export function Notice({ number, title, children }: { number: ReactNode; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className={styles.notice} aria-labelledby={id}>
      <legend id={id} className={styles.noticeTitle}>
        {number}
        {title}
      </legend>
      <div className={styles.noticeBody}>{children}</div>
    </fieldset>
  );
}
