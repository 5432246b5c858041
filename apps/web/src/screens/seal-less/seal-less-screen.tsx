import { useEffect } from 'react';
import { sealLessSchema } from '@koza/domain/steps/seal-less';
import { validateStep } from '@koza/domain/steps/validate-step';
import { saveSealLess } from '../../api/application.ts';
import { savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { useStepForm } from '../../forms/use-step-form.ts';

export const sealLessText = {
  legend: '届出印の登録',
  lead: 'この口座は、印鑑を登録しない「印鑑レス口座」として開設されます。Webでの口座振替のお申込みなど、通常のお取引に印鑑は必要ありません。',
  needSeal: '紙の口座振替依頼書、非対面以外の紙の融資契約、積立商品、貸金庫など、当行所定のお取引には届出印の登録が必要です。',
  sealLess: '印鑑を届け出ない（印鑑レス口座）',
  withSeal: '印鑑を届け出る',
  postal: '「印鑑を届け出る」を選ばれた場合、口座開設後に届出印の登録用紙を郵送いたします。ご記入・ご捺印のうえ、同封の返信用封筒でご返送ください。',
} as const;

type Answer = 'sealLess' | 'withSeal';

/** /seal-less (SPEC.md §2.5): not filing a seal is the default; filing means a postal procedure. */
export function SealLessScreen() {
  const slug = 'seal-less';
  const saved = useStepQuery(slug, savedApplicationQuery);
  // SPEC.md §2.5: not filing is the default.
  const { form, set, errors, pending, onSubmit, formEvents } = useStepForm({
    slug,
    initial: { answer: 'sealLess' as Answer },
    validate: (f) => validateStep(sealLessSchema, { sealLess: f.answer === 'sealLess' }),
    save: saveSealLess,
  });
  const answer = form.answer;

  useEffect(() => {
    if (saved && typeof saved.sealLess === 'boolean') set('answer', saved.sealLess ? 'sealLess' : 'withSeal');
  }, [saved, set]);

  return (
    <StepScreen slug={slug} onSubmit={onSubmit} formEvents={formEvents} pending={pending} loading={!saved}>
      <ChoiceGroup
        legend={sealLessText.legend}
        details={
          <>
            <p>{sealLessText.lead}</p>
            <p>{sealLessText.needSeal}</p>
          </>
        }
        options={[
          { value: 'sealLess', label: sealLessText.sealLess },
          { value: 'withSeal', label: sealLessText.withSeal },
        ]}
        value={answer}
        onChange={(v) => set('answer', v)}
        feedback={answer === 'withSeal' ? <p>{sealLessText.postal}</p> : undefined}
        error={errors.sealLess}
      />
    </StepScreen>
  );
}
