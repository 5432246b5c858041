import { describe, expect, it } from 'vitest';
import { savedApplications, savedParent as parent } from '../../test/api-mock.ts';
import { confirmationSections, displayText as text } from './confirmation-sections.tsx';

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
    const sections = confirmationSections('CHILD', child, parent);
    expect(sections.map((s) => [s.title, s.slug])).toEqual([
      [text.child, 'child-personal'],
      [text.parent, 'child-parent'],
      [text.branch, 'child-branch'],
    ]);
    expect(rows(sections[0]!)).toMatchObject({ お名前: '山田\u3000太郎', 職業: '学生', 勤務先名: '天神小学校', 紹介コード: text.none });
    expect(rows(sections[1]!)).toMatchObject({
      生年月日: '1985年（昭和60年）5月5日',
      お子さまとの続柄: '母',
      代理でのお申込みの理由: 'お子さまが未成年のため',
      自宅電話番号: text.none,
      勤務先電話番号: '092-123-4567',
    });
    expect(rows(sections[2]!)).toMatchObject({ お取引支店: '本店営業部（100）' });
  });

  it('keeps the general sections: personal, workplace, branch, seal-less, with the rows in their order', () => {
    const sections = confirmationSections('GENERAL', savedApplications().application, null);
    expect(sections.map((s) => s.slug)).toEqual(['personal', 'workplace', 'branch', 'seal-less']);
    expect(sections[0]!.rows.map(([label]) => label).slice(0, 5)).toEqual(['お名前', 'お名前（カナ）', '生年月日', '性別', '携帯電話番号']);
    expect(sections[1]!.rows.map(([label]) => label)[0]).toBe('職業');
  });
});
