import { describe, expect, it } from 'vitest';
import { caseViewSections } from '@koza/domain/admin/case-view';
import { addressMismatchCase } from '../../test/fixtures.ts';
import { childCaseSections } from './applicant-answers.tsx';

const { application } = addressMismatchCase();
const parent = { lastName: '山田', firstName: '太郎', relationship: 'FATHER', birthday: '1985-05-05' };
const titles = (sections: readonly { title: string }[]) => sections.map((s) => s.title);

describe('the case view’s sections of a child application', () => {
  it('are named by a key that stays with the section', () => {
    const sections = caseViewSections('CHILD', { ...application, applicationType: 'CHILD' }, parent);
    expect(sections.map((s) => [s.key, s.title])).toEqual([
      ['child', 'お子さまの情報'],
      ['parent', '親権者さまの情報'],
      ['branch', 'お取引支店'],
    ]);
  });

  it('are picked by key, so a new order of the display sections puts nobody in the wrong place', () => {
    const reordered = [...caseViewSections('CHILD', { ...application, applicationType: 'CHILD' }, parent)].reverse();
    const { child, parent: parentSection, rest } = childCaseSections(reordered);
    expect(child?.title).toBe('お子さまの情報');
    expect(parentSection?.title).toBe('親権者さまの情報');
    expect(titles(rest)).toEqual(['お取引支店']);
  });

  it('give the mail address to the applicant’s own section, by its key', () => {
    const general = caseViewSections('GENERAL', application, null);
    const withMail = general.filter((s) => s.rows.some((r) => r.label === 'メールアドレス'));
    expect(withMail.map((s) => s.key)).toEqual(['personal']);
    const child = caseViewSections('CHILD', { ...application, applicationType: 'CHILD' }, parent);
    expect(child.filter((s) => s.rows.some((r) => r.label === 'メールアドレス')).map((s) => s.key)).toEqual(['child']);
  });
});
