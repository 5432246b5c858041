import { useEffect, useState } from 'react';
import { childParentScreenSchema } from '@koza/domain/steps/child-parent';
import { validateStep } from '@koza/domain/steps/validate-step';
import { saveParentPersonal, saveParentWorkplace } from '../../api/application.ts';
import { applicationsQuery, occupationsQuery, useStepQuery } from '../../api/queries.ts';
import { StepScreen } from '../../components/step-screen.tsx';
import { BirthdaySelect } from '../../forms/birthday-select.tsx';
import { OccupationSection, occupationContext, occupationPayloadKeys } from '../../forms/occupation-section.tsx';
import { askedPhones, nameKeys } from '../../forms/person-entry.ts';
import { ChoiceField, NameFields, PersonParts, PhoneFields } from '../../forms/person-fields.tsx';
import { splitPayload } from '../../forms/split-payload.ts';
import { useStepForm } from '../../forms/use-step-form.ts';
import { errorMap } from '@koza/domain/steps/validate-step';
import { useBank } from '../../lib/bank-context.tsx';
import {
  afterParentChange,
  emptyParentForm,
  parentFormFrom,
  parentOccupations,
  parentPayload,
  parentWorkplaceKeys,
  type ChildParentForm,
} from './child-parent-form.ts';
import styles from '../../forms/personal-sections.module.css';

export const parentText = {
  lead: 'お子さまの代理人としてお申込みいただく親権者さまの情報を入力してください。',
  nameHint: 'お子さまと同じ姓を入力してください。',
  occupationTitle: '親権者さまのご職業・お勤め先',
} as const;

/**
 * /child/parent (SPEC.md §2.5, §3, §5): the parent's name and kana (the child's surname),
 * birthday (over 17; 1990 pre-selected), relationship, phones, proxy reason, occupation and workplace,
 * checked with the domain's childParentScreenSchema against the SAVED child; then POST
 * /applications/personal/parent and /workplace/parent → Next.
 */
export function ChildParentScreen() {
  const slug = 'child-parent';
  const bank = useBank();
  const saved = useStepQuery(slug, applicationsQuery);
  const list = useStepQuery(slug, occupationsQuery);
  const [today] = useState(() => new Date());
  const [ready, setReady] = useState(false);
  const child = saved?.application;
  const ctx = { today, childLastName: child?.lastName ?? '', childKanaLastName: child?.kanaLastName ?? '' };
  const occupationOf = (f: ChildParentForm) => parentOccupations(f, list ?? [], today).find((o) => String(o.id) === f.occupationId);
  const check = (f: ChildParentForm) =>
    validateStep(childParentScreenSchema({ ...ctx, occupation: occupationContext(occupationOf(f)) }), parentPayload(f, occupationOf(f)));
  const { form, setForm, errors, clearErrors, setFieldError, pending, onSubmit, formEvents, flow } = useStepForm({
    slug,
    initial: () => emptyParentForm(undefined, today),
    validate: check,
    save: async (value) => {
      const { first, second } = splitPayload(value, parentWorkplaceKeys);
      await saveParentPersonal({ bankCode: bank.code, ...first });
      await saveParentWorkplace(second);
    },
  });

  useEffect(() => {
    if (!saved || !list) return;
    setForm(parentFormFrom(saved.application, saved.applicationParent, list, today));
    setReady(true);
  }, [saved, list, today, setForm]);

  const update = (change: (f: ChildParentForm) => Partial<ChildParentForm>) => setForm((f) => afterParentChange({ ...f, ...change(f) }, list ?? [], today));
  const fields = { person: 'parent', group: 'parent', value: form, update, errors } as const;
  const choice = (name: 'relationship' | 'proxyApplicationReason') =>
    ({
      person: 'parent',
      group: 'parent',
      name,
      value: form[name],
      onChange: (value: string) => {
        update(() => ({ [name]: value }));
        clearErrors(name);
      },
      error: errors[name],
    }) as const;

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} loading={!ready}>
      <p className={styles.stepLead}>{parentText.lead}</p>
      <PersonParts
        {...fields}
        parts={[
          { keys: nameKeys, node: <NameFields value={form} update={update} errors={errors} nameHint={parentText.nameHint} /> },
          {
            keys: ['birthday'],
            node: <BirthdaySelect applicationType={flow.type} kind="PARENT" value={form} onChange={(patch) => update(() => patch)} error={errors.birthday} />,
          },
          { keys: ['relationship'], node: <ChoiceField {...choice('relationship')} /> },
          { keys: askedPhones('parent', 'parent').map((p) => p.key), node: <PhoneFields {...fields} /> },
          { keys: ['proxyApplicationReason'], node: <ChoiceField {...choice('proxyApplicationReason')} /> },
          {
            keys: occupationPayloadKeys,
            node: (
              <>
                <h2 className={styles.sectionTitle}>{parentText.occupationTitle}</h2>
                <OccupationSection
                  occupations={parentOccupations(form, list ?? [], today)}
                  context={occupationContext(occupationOf(form))}
                  value={form}
                  onChange={(patch) => {
                    update(() => patch);
                    if ('occupationId' in patch) clearErrors('occupationId');
                  }}
                  onLeave={(key, patch) => {
                    const checked = check({ ...form, ...patch });
                    setFieldError(key, checked.ok ? undefined : errorMap(checked.errors)[key]);
                  }}
                  errors={errors}
                  locked={false}
                />
              </>
            ),
          },
        ]}
      />
    </StepScreen>
  );
}
