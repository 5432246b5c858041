import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { messages } from '@koza/domain/messages';
import { Field, FieldGroup } from './field.tsx';

describe('Field', () => {
  it('labels the input and marks it required', () => {
    render(
      <Field label="氏名" requirement="required">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /氏名/ });
    expect(screen.getByText('必須')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('links the error to the input with aria-describedby and aria-invalid', () => {
    render(
      <Field label="氏名" requirement="required" hint="全角で入力" error={messages.required}>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: /氏名/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['全角で入力', messages.required]);
  });

  it('marks optional, either-required and multiple-choice fields', () => {
    render(
      <>
        <Field label="自宅電話番号" requirement="optional">
          {(control) => <input {...control} />}
        </Field>
        <Field label="勤務先コード" requirement="either">
          {(control) => <input {...control} />}
        </Field>
        <FieldGroup label="取引目的" requirement="required" multiple>
          <label>
            <input type="checkbox" /> その他
          </label>
        </FieldGroup>
      </>,
    );
    expect(screen.getByText('任意')).toBeTruthy();
    expect(screen.getByText('いずれか必須')).toBeTruthy();
    expect(screen.getByText('複数選択可')).toBeTruthy();
    expect(screen.getByRole('group', { name: /取引目的/ })).toBeTruthy();
  });

  it('links each invalid control of a group to the group error, and only the invalid ones', () => {
    render(
      <FieldGroup label="お名前" requirement="required" error={messages.required}>
        {(control) => (
          <>
            <input aria-label="姓" {...control(true)} />
            <input aria-label="名" {...control(false)} />
          </>
        )}
      </FieldGroup>,
    );
    const last = screen.getByRole('textbox', { name: '姓' });
    const first = screen.getByRole('textbox', { name: '名' });
    expect(last.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(last.getAttribute('aria-describedby') ?? '')?.textContent).toBe(messages.required);
    expect(first.getAttribute('aria-invalid')).toBeNull();
    expect(first.getAttribute('aria-describedby')).toBeNull();
  });

  it('describes no control when the group has no error', () => {
    render(<FieldGroup label="性別">{(control) => <input type="radio" aria-label="男性" {...control(false)} />}</FieldGroup>);
    expect(screen.getByRole('radio', { name: '男性' }).getAttribute('aria-describedby')).toBeNull();
  });
});
