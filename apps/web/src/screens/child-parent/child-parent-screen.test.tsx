import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBank } from '@koza/domain/banks/banks';
import { pageTitles } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { childParentScreenSchema } from '@koza/domain/steps/child-parent';
import { personalShape } from '@koza/domain/steps/personal';
import { validateStep } from '@koza/domain/steps/validate-step';
import type * as Registry from '@koza/domain/fields/registry';
import { json, mockApi, savedApplications, savedParent } from '../../test/api-mock.ts';
import { arrivedByNext, renderApp } from '../../test/render-app.tsx';
import { emptyPersonalForm, personalPayload } from '../../forms/personal-form.ts';
import { emptyParentForm, parentFormFrom, parentPayload } from './child-parent-form.ts';

// Where a field is asked is declared once, in its registry entry (issue 43, decision 0251): a field
// with a rule and a plain input, asked of one person, is on that person's page, in its form, payload
// and step schema, and nowhere else, with nothing edited but the entry. The two fields below are the
// test's own (no real field takes their names): an optional text asked only of the parent (child
// flow), placed after the parent's kana name, and one asked only of the applicant of the general flow.

const { formerNameMax } = vi.hoisted(() => ({ formerNameMax: 10 }));

vi.mock('@koza/domain/fields/registry', async (importOriginal) => {
  const actual = await importOriginal<typeof Registry>();
  const { maxLengthRule, optionalText } = await import('@koza/domain/fields/rule-building-blocks');
  const parentOnly = {
    key: 'testOnlyFormerName',
    record: 'parent',
    kind: 'name',
    label: '試験用の旧姓',
    group: 'parent',
    flows: ['CHILD'],
    view: 'text',
    confirmation: { own: 'filled' },
    rule: optionalText({ rules: [maxLengthRule(formerNameMax)] }),
    input: { autoComplete: 'off', hint: '試験用の説明' },
  } as const;
  const generalOnly = {
    ...parentOnly,
    key: 'testOnlyNickname',
    record: 'application',
    label: '試験用の呼び名',
    group: 'applicant',
    flows: ['GENERAL'],
  } as const;
  const registry: Registry.FieldRegistry = [...actual.fieldRegistry, generalOnly];
  const at = registry.findIndex((f) => f.record === 'parent' && f.key === 'kanaFirstName') + 1;
  const withFields = [...registry.slice(0, at), parentOnly, ...registry.slice(at)];
  return {
    ...actual,
    fieldRegistry: withFields,
    askedFields: (person: never, group: never, r = withFields) => actual.askedFields(person, group, r),
    askedShape: (person: never, group: never, ctx: never, r = withFields) => actual.askedShape(person, group, ctx, r),
  };
});

const today = new Date('2026-06-15T12:00:00+09:00');
const child = savedApplications({ applicationType: 'CHILD', lastName: '山田', kanaLastName: 'ﾔﾏﾀﾞ', birthday: '2016-06-15' }).application;
const bank = getBank('0177');

describe('a plain text field asked only of the parent', () => {
  it('is in the parent form, filled from the saved parent and sent in the payload', () => {
    expect(emptyParentForm(child, today).texts).toHaveProperty('testOnlyFormerName', '');
    const form = parentFormFrom(child, { ...savedParent, testOnlyFormerName: '佐藤' } as typeof savedParent, [], today);
    expect(form.texts).toHaveProperty('testOnlyFormerName', '佐藤');
    expect(parentPayload(form, undefined)).toMatchObject({ testOnlyFormerName: '佐藤', lastName: '山田' });
  });

  it("is checked by the parent's step schema with its rule's message (empty: saved as none)", () => {
    const schema = childParentScreenSchema({ today, childLastName: '山田', childKanaLastName: 'ﾔﾏﾀﾞ', occupation: null });
    const payload = parentPayload(parentFormFrom(child, savedParent, [], today), undefined);
    const tooLong = validateStep(schema, { ...payload, testOnlyFormerName: 'あ'.repeat(formerNameMax + 1) });
    expect(tooLong.ok ? [] : tooLong.errors).toContainEqual({ field: 'testOnlyFormerName', message: messages.maxLength(formerNameMax) });
    const empty = validateStep(schema, { ...payload, occupationId: 1, testOnlyFormerName: '' });
    expect(empty.ok && (empty.value as Record<string, unknown>).testOnlyFormerName).toBeNull();
  });

  it('is not asked on the personal page of either flow', () => {
    for (const type of ['GENERAL', 'CHILD'] as const) {
      expect(Object.keys(personalPayload(emptyPersonalForm(bank, type)))).not.toContain('testOnlyFormerName');
    }
  });

  it('is shown on the parent page after the kana name, optional, with its hint, and its message under it (and the workplace phone once)', async () => {
    mockApi({
      'GET /api/applications': () => json(200, { application: child, applicationParent: null }),
      'GET /api/occupations': () => json(200, { occupationList: [] }),
    });
    renderApp(arrivedByNext('child-parent'));
    await screen.findByRole('heading', { level: 1, name: pageTitles['child-parent'] });
    const input = await screen.findByRole('textbox', { name: /^試験用の旧姓/ });
    // The parent's phones are the registry's ruled ones; the workplace phone is the occupation section's only.
    expect(screen.getAllByRole('group', { name: /^勤務先電話番号/ })).toHaveLength(1);
    expect(input.getAttribute('autocomplete')).toBe('off');
    const kana = screen.getByRole('group', { name: /^お名前（カナ）/ });
    const birthday = screen.getByRole('group', { name: /^生年月日/ });
    expect(kana.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(input.compareDocumentPosition(birthday) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const field = input.closest('div')!.parentElement!;
    expect(within(field).getByText('任意')).toBeTruthy();
    expect(within(field).getByText('試験用の説明')).toBeTruthy();

    await userEvent.type(input, 'あ'.repeat(formerNameMax + 1));
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByText(messages.maxLength(formerNameMax))).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a plain text field asked only of the applicant of the general flow', () => {
  it('is in the general personal form and payload, as the step schema of each flow declares', () => {
    expect(emptyPersonalForm(bank, 'GENERAL').texts).toHaveProperty('testOnlyNickname', '');
    expect(emptyPersonalForm(bank, 'CHILD').texts).not.toHaveProperty('testOnlyNickname');
    for (const type of ['GENERAL', 'CHILD'] as const) {
      const declared = Object.keys(personalShape({ today, applicationType: type, homePrefecture: bank.homePrefecture, asksDistanceReason: false }));
      expect(Object.keys(personalPayload(emptyPersonalForm(bank, type))).sort()).toEqual(declared.sort());
    }
  });
});
