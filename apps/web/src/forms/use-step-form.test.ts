import { describe, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { recheckErrors } from './use-step-form.ts';

describe('recheckErrors (errors follow their fields after a failed 次へ)', () => {
  const shown = { kanaLastName: messages.required, gender: messages.selectRequired, workplaceCode: messages.codeNotConfirmed };
  const fromSchema = new Set(['kanaLastName', 'gender']);

  it('removes a schema error the schema no longer reports, while typing as well as on leaving', () => {
    const now = { gender: messages.selectRequired };
    for (const full of [false, true]) {
      expect(recheckErrors(shown, now, fromSchema, full)).toEqual({ gender: messages.selectRequired, workplaceCode: messages.codeNotConfirmed });
    }
  });

  it('changes a message only when the field is left (full), never while typing', () => {
    const now = { kanaLastName: messages.katakana, gender: messages.selectRequired };
    expect(recheckErrors(shown, now, fromSchema, false)).toBe(shown);
    expect(recheckErrors(shown, now, fromSchema, true).kanaLastName).toBe(messages.katakana);
  });

  it('adds no error for a field not yet shown as wrong', () => {
    const now = { kanaLastName: messages.required, gender: messages.selectRequired, mobilePhoneNumber: messages.required };
    expect(recheckErrors(shown, now, fromSchema, true)).toBe(shown);
  });

  it('leaves errors of the server or of the screen to their own code', () => {
    expect(recheckErrors(shown, {}, fromSchema, true)).toEqual({ workplaceCode: messages.codeNotConfirmed });
  });
});
