import { joinPhoneParts, normalisePhone } from '@koza/domain/fields/phone';
import { normaliseWorkplaceName } from '@koza/domain/normalise';
import { isOccupationAllowed, otherOccupationName, type OccupationContext } from '@koza/domain/fields/occupation';
import type { Occupation } from '../api/application.ts';
import { Field } from '../components/field.tsx';
import { PhoneField, splitPhone, type PhoneParts } from '../components/phone-field.tsx';

// UI wording of the occupation and workplace inputs; field messages come from messages.ts.
export const occupationText = {
  occupation: '職業',
  choose: '選択してください',
  occupationOther: '職業（その他）',
  workplaceName: '勤務先名',
  workplaceNameHint: '学生の方は学校名を入力してください。',
  /** Under the workplace name when the chosen occupation asks for no workplace (the fields stay, greyed). */
  workplaceNotAsked: 'ご選択の職業では入力は不要です。',
  workplacePhone: '勤務先電話番号',
} as const;

export interface OccupationEntry {
  occupationId: string;
  occupationOther: string;
  workplaceName: string;
  workplacePhone: PhoneParts;
}

export const emptyOccupationEntry: OccupationEntry = { occupationId: '', occupationOther: '', workplaceName: '', workplacePhone: ['', '', ''] };

/** The saved occupation fields (of the applicant, the child or the parent), '' or null for none. */
type SavedOccupation = Readonly<Record<'occupationName' | 'occupationOther' | 'workplaceName' | 'workplacePhoneNumber', string | null>>;

/** The entry as saved values fill it (the occupation found by its saved name in the list). */
export function occupationEntryFrom(saved: SavedOccupation, occupations: readonly Occupation[]): OccupationEntry {
  const occupation = occupations.find((o) => o.name === saved.occupationName);
  return {
    occupationId: occupation ? String(occupation.id) : '',
    occupationOther: saved.occupationOther ?? '',
    workplaceName: saved.workplaceName ?? '',
    workplacePhone: splitPhone(saved.workplacePhoneNumber),
  };
}

/** The workplace name and phone a looked-up workplace (its code) fills in. */
export const workplaceEntryOf = (workplace: { name: string; phoneNumber: string }): Pick<OccupationEntry, 'workplaceName' | 'workplacePhone'> => ({
  workplaceName: workplace.name,
  workplacePhone: splitPhone(workplace.phoneNumber),
});

/** Who chooses (the domain's chooser: application type and age); null age while no birthday is known. */
type Chooser = Parameters<typeof isOccupationAllowed>[1];

/** The occupations a chooser may pick: the domain's rule by application type and age. */
export const occupationsFor = (occupations: readonly Occupation[], who: Chooser): Occupation[] => occupations.filter((o) => isOccupationAllowed(o, who));

/** The chosen occupation's requirement and whether it is その他. */
export function occupationContext(occupation: Occupation | undefined): OccupationContext | null {
  if (!occupation) return null;
  return { workplaceRequirement: occupation.workplaceRequirement, isOther: occupation.name === otherOccupationName };
}

/**
 * The entry with its occupation cleared when the chooser may no longer pick it (SPEC.md §4: changing
 * the child's birthday recomputes the age and clears an occupation no longer allowed).
 */
export function withAllowedOccupation<E extends OccupationEntry>(entry: E, occupations: readonly Occupation[], who: Chooser): E {
  if (entry.occupationId === '') return entry;
  const chosen = occupations.find((o) => String(o.id) === entry.occupationId);
  if (chosen && isOccupationAllowed(chosen, who)) return entry;
  return { ...entry, occupationId: '', occupationOther: '' };
}

/** The keys of the occupation fields in a payload (a workplace call's fields). */
export const occupationPayloadKeys = ['occupationId', 'occupationOther', 'workplaceName', 'workplacePhoneNumber'] as const;

/** The payload's occupation fields (name and phone only when the occupation asks for them). */
export function occupationPayload(entry: OccupationEntry, occupation: Occupation | undefined) {
  const requirement = occupation?.workplaceRequirement ?? 'NONE';
  return {
    occupationId: occupation?.id ?? null,
    occupationOther: entry.occupationOther,
    workplaceName: requirement === 'NONE' ? null : entry.workplaceName,
    workplacePhoneNumber: requirement === 'NONE' ? null : joinPhoneParts(entry.workplacePhone),
  };
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
 * (required, optional or not at all: decision 0040; greyed when not asked for, decision 0252). The applicant's and the parent's workplace steps.
 */
export function OccupationSection({ occupations, context, value, onChange, onLeave, errors, locked }: OccupationSectionProps) {
  const requirement = context?.workplaceRequirement ?? 'NONE';
  // The workplace fields are always on the screen, greyed while the occupation asks for none (none
  // chosen yet, or e.g. 無職): choosing one that asks for them moves nothing below (issue 45).
  const notAsked = requirement === 'NONE';
  return (
    <>
      <Field label={occupationText.occupation} requirement="required" error={errors.occupationId}>
        {(control) => (
          <select
            {...control}
            value={value.occupationId}
            onChange={(e) => onChange({ occupationId: e.target.value })}
            onBlur={() => onLeave('occupationId', {})}
          >
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
      <Field
        label={occupationText.workplaceName}
        requirement={requirement === 'REQUIRED' ? 'required' : requirement === 'OPTIONAL' ? 'optional' : undefined}
        hint={notAsked ? occupationText.workplaceNotAsked : occupationText.workplaceNameHint}
        error={errors.workplaceName}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            autoComplete="organization"
            readOnly={locked}
            disabled={notAsked}
            value={notAsked ? '' : value.workplaceName}
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
          requirement={requirement === 'REQUIRED' ? 'required' : requirement === 'OPTIONAL' ? 'optional' : undefined}
          value={value.workplacePhone}
          readOnly={locked}
          disabled={notAsked}
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
  );
}
