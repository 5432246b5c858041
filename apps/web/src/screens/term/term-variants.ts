import { childConditionsTitle, confirmationQuestions, termQuestionGroups, type Bilingual } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import { sessionKeys } from '../../lib/session.ts';
import { blockedMessages } from './term-wording.ts';

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
export type TermVariant = (typeof termVariants)[TermSlug];
