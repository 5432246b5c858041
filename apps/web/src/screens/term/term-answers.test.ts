import { describe, expect, it } from 'vitest';
import { confirmationQuestionIds, termQuestionGroups } from '@koza/domain/confirmation-questions';
import { allPositiveTermAnswers } from '../../test/term-answers.ts';
import { canProceed, isBlocked, parseTermAnswers, visibleQuestions, type TermAnswers } from './term-answers.ts';

const allPositive: TermAnswers = allPositiveTermAnswers;

describe('term answers', () => {
  it('shows only the first question at the start, and Next is disabled', () => {
    expect(visibleQuestions({})).toEqual(['firstAccount']);
    expect(canProceed({})).toBe(false);
  });

  it('reveals each question once the previous one is answered positively', () => {
    expect(visibleQuestions({ firstAccount: 'yes' })).toEqual(['firstAccount', 'identityDocument']);
    expect(visibleQuestions({ ...allPositive, passbookLess: false, sealLess: undefined })).toEqual(confirmationQuestionIds.slice(0, 7));
    expect(visibleQuestions(allPositive)).toEqual([...confirmationQuestionIds]);
  });

  it('stops at a "no" and reports it as blocking', () => {
    const answers: TermAnswers = { firstAccount: 'yes', identityDocument: 'yes', adult: 'no' };
    expect(visibleQuestions(answers)).toEqual(['firstAccount', 'identityDocument', 'adult']);
    expect(isBlocked('adult', answers)).toBe(true);
    expect(isBlocked('firstAccount', answers)).toBe(false);
  });

  it('enables Next only when all eight answers are positive', () => {
    expect(canProceed(allPositive)).toBe(true);
    for (const question of confirmationQuestionIds) {
      const missing = { ...allPositive, [question]: undefined };
      expect(canProceed(missing), `${question} unanswered`).toBe(false);
    }
    for (const question of ['firstAccount', 'identityDocument', 'adult', 'conditions', 'regulations'] as const) {
      expect(canProceed({ ...allPositive, [question]: 'no' }), `${question} = no`).toBe(false);
    }
    expect(canProceed({ ...allPositive, passbookLess: false })).toBe(false);
    expect(canProceed({ ...allPositive, sealLess: false })).toBe(false);
  });

  it('accepts either My Number answer', () => {
    expect(canProceed({ ...allPositive, myNumber: 'wish' })).toBe(true);
    expect(canProceed({ ...allPositive, myNumber: 'doNotWish' })).toBe(true);
  });

  it('keeps later answers hidden behind a "no", and Next off, until it is changed back', () => {
    const changed: TermAnswers = { ...allPositive, identityDocument: 'no' };
    expect(visibleQuestions(changed)).toEqual(['firstAccount', 'identityDocument']);
    expect(canProceed(changed)).toBe(false);
    expect(canProceed({ ...changed, identityDocument: 'yes' })).toBe(true);
  });

  it('reads stored answers back, and starts afresh from anything unreadable', () => {
    expect(parseTermAnswers(allPositive)).toEqual(allPositive);
    expect(parseTermAnswers(null)).toEqual({});
    expect(parseTermAnswers({ firstAccount: 'maybe' })).toEqual({});
    expect(parseTermAnswers('yes')).toEqual({});
  });
});

describe('child term answers (SPEC.md §4 "Term gating (child)")', () => {
  const child = termQuestionGroups['child-term'];

  it('SPEC.md §2.5 "Yes reveals the regulation and individual-number agreements, then passbook-less and seal-less confirmations"', () => {
    expect(visibleQuestions({}, child)).toEqual(['conditions']);
    expect(visibleQuestions({ conditions: 'yes' }, child)).toEqual(['conditions', 'regulations', 'myNumber']);
    expect(visibleQuestions({ conditions: 'yes', regulations: 'yes' }, child)).toEqual(['conditions', 'regulations', 'myNumber']);
    expect(visibleQuestions({ conditions: 'yes', myNumber: 'doNotWish' }, child)).toEqual(['conditions', 'regulations', 'myNumber']);
    expect(visibleQuestions({ conditions: 'yes', regulations: 'no', myNumber: 'wish' }, child)).toEqual(['conditions', 'regulations', 'myNumber']);
    expect(visibleQuestions({ conditions: 'yes', regulations: 'yes', myNumber: 'wish', passbookLess: true }, child)).toEqual([
      'conditions',
      'regulations',
      'myNumber',
      'passbookLess',
      'sealLess',
    ]);
    expect(visibleQuestions({ conditions: 'yes', regulations: 'yes', myNumber: 'wish' }, child)).toEqual([
      'conditions',
      'regulations',
      'myNumber',
      'passbookLess',
    ]);
  });

  it('stops at a "no" to the conditions', () => {
    expect(visibleQuestions({ conditions: 'no', regulations: 'yes' }, child)).toEqual(['conditions']);
    expect(canProceed({ ...allPositive, conditions: 'no' }, child)).toBe(false);
  });

  it('needs only its own five answers for Next', () => {
    const { firstAccount: _f, identityDocument: _i, adult: _a, ...five } = allPositive;
    expect(canProceed(five, child)).toBe(true);
    expect(canProceed({ ...five, sealLess: false }, child)).toBe(false);
  });
});
