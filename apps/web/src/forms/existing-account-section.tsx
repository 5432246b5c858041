import { accountNumberLength, branchCodeLength } from '@koza/domain/fields/existing-account';
import { padAccountNumber, padBranchCode } from '@koza/domain/steps/workplace';
import { ChoiceGroup } from '../components/choice-group.tsx';
import { FieldGroup, type GroupControlProps } from '../components/field.tsx';
import styles from './workplace-sections.module.css';

// UI wording of the existing-account question.
export const existingAccountText = {
  question: 'すでに当行の口座をお持ちですか？',
  yes: 'はい',
  no: 'いいえ',
  branchCode: '店番',
  accountNumber: '口座番号',
  hint: `店番は${branchCodeLength}桁、口座番号は${accountNumberLength}桁で入力してください。`,
} as const;

export interface ExistingAccount {
  /** '' unanswered. */
  holdsAccount: '' | 'yes' | 'no';
  existedAccountBranchCode: string;
  existedAccountNumber: string;
}

interface ExistingAccountSectionProps {
  value: ExistingAccount;
  onChange: (value: Partial<ExistingAccount>) => void;
  errors: Record<string, string>;
}

/** Asked when the applied workplace permits a second account (SPEC.md §4): the question and the numbers. */
export function ExistingAccountSection({ value, onChange, errors }: ExistingAccountSectionProps) {
  const numberInput = (
    control: GroupControlProps,
    key: 'existedAccountBranchCode' | 'existedAccountNumber',
    label: string,
    length: number,
    pad: (s: string) => string,
  ) => (
    <label className={styles.part}>
      <span>{label}</span>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        {...control(Boolean(errors[key]))}
        maxLength={length}
        value={value[key]}
        onChange={(e) => onChange({ [key]: e.target.value })}
        onBlur={() => onChange({ [key]: value[key] ? pad(value[key]) : '' })}
      />
    </label>
  );
  return (
    <div className={styles.existing}>
      <ChoiceGroup
        legend={existingAccountText.question}
        inline
        options={[
          { value: 'yes', label: existingAccountText.yes },
          { value: 'no', label: existingAccountText.no },
        ]}
        value={value.holdsAccount === '' ? undefined : value.holdsAccount}
        onChange={(v) => onChange({ holdsAccount: v })}
      />
      {value.holdsAccount === 'yes' && (
        <FieldGroup
          label={`${existingAccountText.branchCode}・${existingAccountText.accountNumber}`}
          requirement="required"
          hint={existingAccountText.hint}
          error={errors.existedAccountBranchCode ?? errors.existedAccountNumber}
        >
          {(control) => (
            <div className={styles.accountRow}>
              {numberInput(control, 'existedAccountBranchCode', existingAccountText.branchCode, branchCodeLength, padBranchCode)}
              {numberInput(control, 'existedAccountNumber', existingAccountText.accountNumber, accountNumberLength, padAccountNumber)}
            </div>
          )}
        </FieldGroup>
      )}
    </div>
  );
}
