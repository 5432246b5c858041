import { consentLabels, myNumberChoices, myNumberLabels, yesNoLabels } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import type { Choice } from '../../components/choice-group.tsx';
import type { YesNo } from './term-answers.ts';

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
