import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sealLessSchema } from '@koza/domain/steps/seal-less';
import { validateStep } from '@koza/domain/steps/validate-step';
import { getSavedApplication, saveSealLess } from '../../api/application.ts';
import { useFlowNavigate } from '../../app/navigation.ts';
import { pageTitles } from '../../app/page-titles.ts';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { focusFirstError, useStepData } from '../../components/use-step-data.ts';

export const sealLessText = {
  legend: '届出印の登録',
  lead: 'この口座は、印鑑を登録しない「印鑑レス口座」として開設されます。Webでの口座振替のお申込みなど、通常のお取引に印鑑は必要ありません。',
  needSeal:
    '紙の口座振替依頼書、非対面以外の紙の融資契約、積立商品、貸金庫など、当行所定のお取引には届出印の登録が必要です。',
  sealLess: '印鑑を届け出ない（印鑑レス口座）',
  withSeal: '印鑑を届け出る',
  postal:
    '「印鑑を届け出る」を選ばれた場合、口座開設後に届出印の登録用紙を郵送いたします。ご記入・ご捺印のうえ、同封の返信用封筒でご返送ください。',
  back: '戻る',
  next: '次へ',
} as const;

type Answer = 'sealLess' | 'withSeal';

/** /seal-less (step 4, SPEC.md §2.5): not filing a seal is the default; filing means a postal procedure. */
export function SealLessScreen() {
  const navigate = useNavigate();
  const goTo = useFlowNavigate('seal-less');
  const saved = useStepData((signal) => getSavedApplication(signal));
  // SPEC.md §2.5: not filing is the default.
  const [answer, setAnswer] = useState<Answer>('sealLess');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (saved && typeof saved.sealLess === 'boolean') setAnswer(saved.sealLess ? 'sealLess' : 'withSeal');
  }, [saved]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = validateStep(sealLessSchema, { sealLess: answer === 'sealLess' });
    if (!checked.ok) {
      setError(checked.errors[0]?.message);
      focusFirstError();
      return;
    }
    setPending(true);
    try {
      await saveSealLess(checked.value);
      goTo('confirmation');
    } catch {
      setPending(false);
      void navigate('/error', { replace: true });
    }
  }

  return (
    <StepScreen
      title={pageTitles['seal-less']}
      formId="seal-less-form"
      onSubmit={(e) => void onSubmit(e)}
      back={{ label: sealLessText.back, onClick: () => goTo('branch'), disabled: pending }}
      next={{ label: sealLessText.next, pending }}
      loading={!saved}
    >
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
            onChange={setAnswer}
            feedback={
              <>
                {answer === 'withSeal' && <p>{sealLessText.postal}</p>}
                {error && <ErrorText>{error}</ErrorText>}
              </>
            }
          />
    </StepScreen>
  );
}
