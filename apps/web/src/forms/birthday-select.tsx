import { useState } from 'react';
import type { ApplicationType } from '@koza/domain/constants';
import { birthYearChoices, daysInMonth, japaneseEraYear, type BirthdayKind } from '@koza/domain/dates';
import { FieldGroup, type GroupControlProps } from '../components/field.tsx';
import parts from '../components/parts.module.css';
import styles from './personal-sections.module.css';

// UI wording of the birthday selects.
export const birthdayText = {
  birthday: '生年月日',
  year: '生年月日（年）',
  month: '生年月日（月）',
  day: '生年月日（日）',
  choose: '選択してください',
} as const;

export interface BirthdayParts {
  birthYear: string;
  birthMonth: string;
  birthDay: string;
}

/** 'YYYY-MM-DD' once year, month and day are chosen; '' before. */
export function birthdayOf(form: BirthdayParts): string {
  if (!form.birthYear || !form.birthMonth || !form.birthDay) return '';
  return `${form.birthYear}-${form.birthMonth.padStart(2, '0')}-${form.birthDay.padStart(2, '0')}`;
}

/** The three selects' values of a saved 'YYYY-MM-DD' (month and day without a leading zero; '' for none). */
export function birthdayParts(iso: string): BirthdayParts {
  const [year = '', month = '', day = ''] = iso.split('-');
  const unpadded = (s: string): string => (s === '' ? '' : String(Number(s)));
  return { birthYear: year, birthMonth: unpadded(month), birthDay: unpadded(day) };
}

/** Day choices for the chosen year and month (31 before both are chosen). */
export function dayChoices(year: string, month: string): number[] {
  const count = year && month ? daysInMonth(Number(year), Number(month)) : 31;
  return Array.from({ length: count }, (_, i) => i + 1);
}

interface BirthdaySelectProps {
  /** The years offered depend on the flow (an adult, a child or a parent: the domain's birthYearChoices). */
  applicationType: ApplicationType;
  /** Whose birthday, when not the applicant's of the flow: 'PARENT' in the child flow (adult years). */
  kind?: BirthdayKind;
  value: BirthdayParts;
  onChange: (value: Partial<BirthdayParts>) => void;
  error: string | undefined;
}

/** Year (with the Japanese era), month and day selects answering one question. */
export function BirthdaySelect({ applicationType, kind, value, onChange, error }: BirthdaySelectProps) {
  const [years] = useState(() =>
    birthYearChoices(kind ?? applicationType, new Date())
      .years.slice()
      .reverse(),
  );
  const select = (
    control: GroupControlProps,
    key: keyof BirthdayParts,
    label: string,
    unit: string,
    autoComplete: string,
    empty: string,
    options: number[],
    text: (n: number) => string,
  ) => (
    <label className={parts.part}>
      <span>{unit}</span>
      <select
        aria-label={label}
        autoComplete={autoComplete}
        value={value[key]}
        {...control(Boolean(error))}
        onChange={(e) => onChange({ [key]: e.target.value })}
      >
        <option value="">{empty}</option>
        {options.map((n) => (
          <option key={n} value={String(n)}>
            {text(n)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <FieldGroup label={birthdayText.birthday} requirement="required" error={error}>
      {(control) => (
        <div className={styles.birthday}>
          {select(
            control,
            'birthYear',
            birthdayText.year,
            '年',
            'bday-year',
            birthdayText.choose,
            years,
            (y) => `${y}（${japaneseEraYear(`${y}-12-31`).replace(/年$/, '')}）`,
          )}
          {select(
            control,
            'birthMonth',
            birthdayText.month,
            '月',
            'bday-month',
            '-',
            Array.from({ length: 12 }, (_, i) => i + 1),
            String,
          )}
          {select(control, 'birthDay', birthdayText.day, '日', 'bday-day', '-', dayChoices(value.birthYear, value.birthMonth), String)}
        </div>
      )}
    </FieldGroup>
  );
}
