import { normalisePhone } from '@koza/domain/fields/phone';
import { normaliseWorkplaceName } from '@koza/domain/normalise';
import type { OccupationContext } from '@koza/domain/fields/occupation';
import type { Occupation } from '../api/application.ts';
import { Field } from '../components/field.tsx';
import { PhoneField, type PhoneParts } from '../components/phone-field.tsx';

// UI wording of the occupation and workplace inputs; field messages come from messages.ts.
export const occupationText = {
  occupation: '職業',
  choose: '選択してください',
  occupationOther: '職業（その他）',
  workplaceName: '勤務先名',
  workplaceNameHint: '学生の方は学校名を入力してください。',
  workplacePhone: '勤務先電話番号',
} as const;

export interface OccupationEntry {
  occupationId: string;
  occupationOther: string;
  workplaceName: string;
  workplacePhone: PhoneParts;
}

interface OccupationSectionProps {
  /** The occupations this applicant may choose (the domain's isOccupationAllowed). */
  occupations: readonly Occupation[];
  context: OccupationContext | null;
  value: OccupationEntry;
  onChange: (value: Partial<OccupationEntry>) => void;
  /** A field was left: check it against the whole entry as it is then. */
  onLeave: (key: string, value: Partial<OccupationEntry>) => void;
  errors: Record<string, string>;
  /** Name and phone come from an applied workplace code and cannot be edited. */
  locked: boolean;
}

/**
 * Occupation, its その他 text, and the workplace name and phone as the occupation asks for them
 * (required, optional or not at all: decision 0040). The applicant's and the parent's workplace steps.
 */
export function OccupationSection({ occupations, context, value, onChange, onLeave, errors, locked }: OccupationSectionProps) {
  const requirement = context?.workplaceRequirement ?? 'NONE';
  return (
    <>
      <Field label={occupationText.occupation} requirement="required" error={errors.occupationId}>
        {(control) => (
          <select {...control} value={value.occupationId} onChange={(e) => onChange({ occupationId: e.target.value })} onBlur={() => onLeave('occupationId', {})}>
            <option value="">{occupationText.choose}</option>
            {occupations.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {o.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {context?.isOther && (
        <Field label={occupationText.occupationOther} requirement="required" error={errors.occupationOther}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={value.occupationOther}
              onChange={(e) => onChange({ occupationOther: e.target.value })}
              onBlur={() => onLeave('occupationOther', {})}
            />
          )}
        </Field>
      )}
      {requirement !== 'NONE' && (
        <>
          <Field
            label={occupationText.workplaceName}
            requirement={requirement === 'REQUIRED' ? 'required' : 'optional'}
            hint={requirement === 'OPTIONAL' ? occupationText.workplaceNameHint : undefined}
            error={errors.workplaceName}
          >
            {(control) => (
              <input
                {...control}
                type="text"
                autoComplete="organization"
                readOnly={locked}
                value={value.workplaceName}
                onChange={(e) => onChange({ workplaceName: e.target.value })}
                onBlur={() => {
                  if (locked) return;
                  const normalised = { workplaceName: normaliseWorkplaceName(value.workplaceName) };
                  onChange(normalised);
                  onLeave('workplaceName', normalised);
                }}
              />
            )}
          </Field>
          <div
            onBlur={(e) => {
              // Checked once focus leaves the three inputs, not between them.
              if (!locked && !e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave('workplacePhoneNumber', {});
            }}
          >
            <PhoneField
              label={occupationText.workplacePhone}
              requirement={requirement === 'REQUIRED' ? 'required' : 'optional'}
              value={value.workplacePhone}
              readOnly={locked}
              onChange={(v) => onChange({ workplacePhone: v })}
              onBlur={(index) => {
                const next: PhoneParts = [...value.workplacePhone];
                next[index] = normalisePhone(next[index] ?? '');
                onChange({ workplacePhone: next });
              }}
              error={errors.workplacePhoneNumber}
            />
          </div>
        </>
      )}
    </>
  );
}
