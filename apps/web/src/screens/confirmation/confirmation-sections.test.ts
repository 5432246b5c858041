import { describe, expect, it } from 'vitest';
import { savedApplications, savedParent as parent } from '../../test/api-mock.ts';
import { childSections, confirmationText as text, generalSections } from './confirmation-sections.tsx';

const child = savedApplications({
  applicationType: 'CHILD',
  lastName: '山田',
  firstName: '太郎',
  occupationName: '学生',
  workplaceName: '天神小学校',
  branchName: '本店営業部',
  branchCode: '100',
}).application;
const rows = (section: { rows: [string, unknown][] }) => Object.fromEntries(section.rows);

describe('confirmation sections', () => {
  it('shows the child (with school and invitation code), the parent and the branch, each back to its child step', () => {
    const sections = childSections(child, parent);
    expect(sections.map((s) => [s.title, s.slug])).toEqual([
      [text.child, 'child-personal'],
      [text.parent, 'child-parent'],
      [text.branch, 'child-branch'],
    ]);
    expect(rows(sections[0]!)).toMatchObject({ [text.name]: '山田\u3000太郎', [text.occupation]: '学生', [text.workplaceName]: '天神小学校', [text.invitationCode]: text.none });
    expect(rows(sections[1]!)).toMatchObject({
      [text.birthday]: '1985年（昭和60年）5月5日',
      [text.relationship]: '母',
      [text.proxyReason]: 'お子さまが未成年のため',
      [text.home]: text.none,
      [text.workplacePhone]: '092-123-4567',
    });
    expect(rows(sections[2]!)).toMatchObject({ [text.branch]: '本店営業部（100）' });
  });

  it('keeps the general sections: personal, workplace, branch, seal-less', () => {
    expect(generalSections(savedApplications().application).map((s) => s.slug)).toEqual(['personal', 'workplace', 'branch', 'seal-less']);
  });
});
