import { useEffect } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { branchSchema } from '@koza/domain/steps/branch';
import { validateStep } from '@koza/domain/steps/validate-step';
import { saveBranch, savedText } from '../../api/application.ts';
import { branchesQuery, savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { useStepForm } from '../../forms/use-step-form.ts';

export const branchText = {
  legend: 'お取引支店',
  lead: 'キャッシュカードをお受け取りいただく口座のお取引支店を1つ選んでください。お住まいの市区町村にある支店を先頭に表示しています。',
} as const;

/** /branch (step 3, SPEC.md §2.5, §5): one branch of GET /api/branch → POST → the flow's next page. */
export function BranchScreen({ slug }: { slug: Extract<PageSlug, 'branch' | 'child-branch'> }) {
  const application = useStepQuery(slug, savedApplicationQuery);
  const branches = useStepQuery(slug, branchesQuery);
  const { form, set, errors, clearErrors, pending, onSubmit, formEvents } = useStepForm({
    slug,
    initial: { branchCode: '' },
    validate: (f) => validateStep(branchSchema, f),
    save: saveBranch,
  });

  useEffect(() => {
    if (application) set('branchCode', savedText(application, 'branchCode'));
  }, [application, set]);

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} loading={!application || !branches}>
      {branches && (
        <ChoiceGroup
          legend={branchText.legend}
          details={<p>{branchText.lead}</p>}
          options={branches.map((b) => ({ value: b.code, label: `${b.name}（${b.code}）`, description: b.address }))}
          value={form.branchCode || undefined}
          onChange={(v) => {
            set('branchCode', v);
            clearErrors('branchCode');
          }}
          error={errors.branchCode}
        />
      )}
    </StepScreen>
  );
}
