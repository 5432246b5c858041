import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { branchSchema } from '@koza/domain/steps/branch';
import { validateStep } from '@koza/domain/steps/validate-step';
import { validationErrors } from '../../api/client.ts';
import { getBranches, getSavedApplication, saveBranch, savedText } from '../../api/application.ts';
import { useFlowNavigate } from '../../app/navigation.ts';
import { pageTitles } from '../../app/page-titles.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { errorMap, focusFirstError, isValidationFailure, useStepData } from '../../components/use-step-data.ts';

export const branchText = {
  legend: 'お取引支店',
  lead: 'キャッシュカードをお受け取りいただく口座のお取引支店を1つ選んでください。お住まいの市区町村にある支店を先頭に表示しています。',
  back: '戻る',
  next: '次へ',
} as const;

async function load(signal: AbortSignal) {
  const [application, branches] = await Promise.all([getSavedApplication(signal), getBranches(signal)]);
  return { application, branches };
}

/** /branch (step 3, SPEC.md §2.5, §5): one branch of GET /api/branch → POST → /seal-less. */
export function BranchScreen() {
  const navigate = useNavigate();
  const goTo = useFlowNavigate('branch');
  const loaded = useStepData(load);
  const [branchCode, setBranchCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (loaded) setBranchCode(savedText(loaded.application, 'branchCode'));
  }, [loaded]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateStep(branchSchema, { branchCode });
    if (!checked.ok) {
      setError(checked.errors[0]?.message);
      focusFirstError();
      return;
    }
    setPending(true);
    try {
      await saveBranch(checked.value);
      goTo('seal-less');
    } catch (e) {
      setPending(false);
      if (isValidationFailure(e)) {
        setError(errorMap(validationErrors(e)).branchCode);
        focusFirstError();
      } else {
        void navigate('/error', { replace: true });
      }
    }
  }

  return (
    <StepScreen
      title={pageTitles.branch}
      formId="branch-form"
      onSubmit={(e) => void onSubmit(e)}
      back={{ label: branchText.back, onClick: () => goTo('workplace'), disabled: pending }}
      next={{ label: branchText.next, pending }}
      loading={!loaded}
    >
      {loaded && (
          <ChoiceGroup
            legend={branchText.legend}
            details={<p>{branchText.lead}</p>}
            options={loaded.branches.map((b) => ({ value: b.code, label: `${b.name}（${b.code}）`, description: b.address }))}
            value={branchCode || undefined}
            onChange={(v) => {
              setBranchCode(v);
              setError(undefined);
            }}
            feedback={error ? <ErrorText>{error}</ErrorText> : undefined}
          />
      )}
    </StepScreen>
  );
}
