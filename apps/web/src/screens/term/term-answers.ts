import { z } from 'zod';
import { confirmationQuestionIds, myNumberChoices, type ConfirmationQuestionId } from '@koza/domain/confirmation-questions';

// The state of the pre-application confirmation (SPEC.md §3 "Confirmation answers", §4): each question
// unanswered, yes or no; the questions appear one at a time, each once the previous one is answered
// positively; Next only when all eight are positive and the My Number answer is set (either value).

const yesNo = z.enum(['yes', 'no']);
export type YesNo = z.infer<typeof yesNo>;

const termAnswersSchema = z.object({
  firstAccount: yesNo.optional(),
  identityDocument: yesNo.optional(),
  adult: yesNo.optional(),
  conditions: yesNo.optional(),
  /** yes = 同意する, no = 同意しない */
  regulations: yesNo.optional(),
  myNumber: z.enum(myNumberChoices).optional(),
  passbookLess: z.boolean().optional(),
  sealLess: z.boolean().optional(),
});
export type TermAnswers = z.infer<typeof termAnswersSchema>;

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

/** The questions of a page, in order (/term: all eight; /child/term: its five, termQuestionIds). */
type Questions = readonly ConfirmationQuestionId[];

/** The questions shown: each one up to and including the first not answered positively. */
export function visibleQuestions(answers: TermAnswers, questions: Questions = confirmationQuestionIds): ConfirmationQuestionId[] {
  const shown: ConfirmationQuestionId[] = [];
  for (const question of questions) {
    shown.push(question);
    if (!isPositive(question, answers)) break;
  }
  return shown;
}

/** Next is enabled only when every answer of the page is positive (SPEC.md §4). */
export const canProceed = (answers: TermAnswers, questions: Questions = confirmationQuestionIds): boolean =>
  questions.every((q) => isPositive(q, answers));

/** Whether a question was answered 'no' and so blocks the service. */
export const isBlocked = (question: BlockingQuestion, answers: TermAnswers): boolean => answers[question] === 'no';

/** Answers read back from session storage; anything unreadable starts afresh. */
export function parseTermAnswers(stored: unknown): TermAnswers {
  const parsed = termAnswersSchema.safeParse(stored);
  return parsed.success ? parsed.data : {};
}
