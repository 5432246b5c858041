import { describe, expect, it } from 'vitest';
import { getBank } from '../src/banks/banks.ts';
import { bankCodes } from '../src/constants.ts';
import { childBeforeCheckNotes, childResidencePrefectures } from '../src/child-before-check.ts';
import { confirmationQuestionIds, termQuestionIds } from '../src/confirmation-questions.ts';

describe('child before-check notes (SPEC.md §2.5)', () => {
  it.each(bankCodes)('name the home prefecture first and the bank’s extra prefectures for %s', (code) => {
    const bank = getBank(code);
    const prefectures = childResidencePrefectures(bank);
    expect(prefectures[0]).toBe(bank.homePrefecture);
    expect(prefectures.slice(1)).toEqual(bank.neighbouringPrefectures);
    const residence = childBeforeCheckNotes(bank).find((note) => note.includes(bank.homePrefecture));
    expect(residence).toContain(prefectures.join('・'));
    expect(residence).toContain(bank.name);
  });
});

describe('term questions by page', () => {
  it('asks all eight on /term and the conditions, agreements and notices on /child/term', () => {
    expect(termQuestionIds.term).toEqual(confirmationQuestionIds);
    expect(termQuestionIds['child-term']).toEqual(['conditions', 'regulations', 'myNumber', 'passbookLess', 'sealLess']);
  });
});
