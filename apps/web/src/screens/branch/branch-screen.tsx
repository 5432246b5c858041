import { useEffect } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { messages } from '@koza/domain/messages';
import { branchSchema } from '@koza/domain/steps/branch';
import { validateStep } from '@koza/domain/steps/validate-step';
import { saveBranch, savedText } from '../../api/application.ts';
import { branchesQuery, savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { BlockedNotice } from '../../components/blocked-notice.tsx';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { useStepForm } from '../../forms/use-step-form.ts';
import { useBank } from '../../lib/bank-context.tsx';

export const branchText = {
  legend: 'お取引支店',
  lead: 'キャッシュカードをお受け取りいただく口座のお取引支店を1つ選んでください。お住まいの市区町村にある支店を先頭に表示しています。',
  childLead: 'お子さまの口座のお取引支店を1つ選んでください。お子さまのお住まいの市区町村にある支店からお選びいただけます。',
} as const;

/**
 * /branch and /child/branch (SPEC.md §2.5, §5): one branch of GET /api/branch → POST → the flow's
 * next page. The child's list holds only the branches of the child's municipality (decision 0043);
 * when it is empty, the apology that the web application is unavailable, and no way on.
 */
export function BranchScreen({ slug }: { slug: Extract<PageSlug, 'branch' | 'child-branch'> }) {
  const bank = useBank();
  const application = useStepQuery(slug, savedApplicationQuery);
  const branches = useStepQuery(slug, branchesQuery);
  const { form, set, errors, clearErrors, pending, onSubmit, formEvents, flow } = useStepForm({
    slug,
    initial: { branchCode: '' },
    validate: (f) => validateStep(branchSchema, f),
    save: saveBranch,
  });

  useEffect(() => {
    if (application) set('branchCode', savedText(application, 'branchCode'));
  }, [application, set]);

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} busy={branches?.length === 0} loading={!application || !branches}>
      {branches?.length === 0 && <BlockedNotice message={messages.branchUnavailable} branchSearchUrl={bank.links.branchSearch} />}
      {branches && branches.length > 0 && (
        <ChoiceGroup
          legend={branchText.legend}
          details={<p>{flow.type === 'CHILD' ? branchText.childLead : branchText.lead}</p>}
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
