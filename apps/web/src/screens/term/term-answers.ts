import { myNumberChoices, termQuestionGroups, type ConfirmationQuestionId, type MyNumberChoice } from '@koza/domain/confirmation-questions';

// The state of the pre-application confirmation (SPEC.md §3 "Confirmation answers", §4): each question
// unanswered, yes or no; the questions appear one at a time, each once the previous one is answered
// positively; Next only when all eight are positive and the My Number answer is set (either value).
// Read back from session storage without a schema library: this page is the first one and loads no
// zod (docs/decisions/0170-first-screen-without-zod.md).

export type YesNo = 'yes' | 'no';

export interface TermAnswers {
  firstAccount?: YesNo;
  identityDocument?: YesNo;
  adult?: YesNo;
  conditions?: YesNo;
  /** yes = 同意する, no = 同意しない */
  regulations?: YesNo;
  myNumber?: MyNumberChoice;
  passbookLess?: boolean;
  sealLess?: boolean;
}

const isYesNo = (v: unknown): v is YesNo => v === 'yes' || v === 'no';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The check of each stored answer; an answer may also be absent. */
const answerChecks: { [K in keyof Required<TermAnswers>]: (v: unknown) => v is TermAnswers[K] } = {
  firstAccount: isYesNo,
  identityDocument: isYesNo,
  adult: isYesNo,
  conditions: isYesNo,
  regulations: isYesNo,
  myNumber: (v): v is MyNumberChoice => (myNumberChoices as readonly unknown[]).includes(v),
  passbookLess: isBoolean,
  sealLess: isBoolean,
};

/** The questions whose 'no' blocks the service with a message and the branch search. */
export const blockingQuestions = ['firstAccount', 'identityDocument', 'adult', 'conditions', 'regulations'] as const;
export type BlockingQuestion = (typeof blockingQuestions)[number];

/** Whether a question's answer lets the applicant go on (My Number: either choice). */
export function isPositive(question: ConfirmationQuestionId, answers: TermAnswers): boolean {
  switch (question) {
    case 'myNumber':
      return answers.myNumber !== undefined;
    case 'passbookLess':
    case 'sealLess':
      return answers[question] === true;
    default:
      return answers[question] === 'yes';
  }
}

/**
 * The questions of a page in the groups in which they appear (termQuestionGroups: /term all eight one
 * by one; /child/term its five, the regulations and the individual number together).
 */
type QuestionGroups = readonly (readonly ConfirmationQuestionId[])[];

/** The questions shown: every group up to and including the first with a question not answered positively. */
export function visibleQuestions(answers: TermAnswers, groups: QuestionGroups = termQuestionGroups.term): ConfirmationQuestionId[] {
  const shown: ConfirmationQuestionId[] = [];
  for (const group of groups) {
    shown.push(...group);
    if (!group.every((question) => isPositive(question, answers))) break;
  }
  return shown;
}

/** Next is enabled only when every answer of the page is positive (SPEC.md §4). */
export const canProceed = (answers: TermAnswers, groups: QuestionGroups = termQuestionGroups.term): boolean =>
  groups.every((group) => group.every((q) => isPositive(q, answers)));

/** Whether a question was answered 'no' and so blocks the service. */
export const isBlocked = (question: BlockingQuestion, answers: TermAnswers): boolean => answers[question] === 'no';

/** Answers read back from session storage; anything unreadable starts afresh (other keys are dropped). */
export function parseTermAnswers(stored: unknown): TermAnswers {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const record = stored as Record<string, unknown>;
  const answers: Record<string, unknown> = {};
  for (const [key, check] of Object.entries(answerChecks) as [keyof TermAnswers, (v: unknown) => boolean][]) {
    const value = record[key];
    if (value === undefined) continue;
    if (!check(value)) return {};
    answers[key] = value;
  }
  return answers as TermAnswers;
}
