import type { ChangeEvent, FocusEvent, FormEvent, ReactNode } from 'react';
import type { PageSlug } from '@koza/domain/flows';
import { useFlow } from '../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { Button } from './button.tsx';
import { ButtonBar } from './button-bar.tsx';
import { Screen } from './screen.tsx';
import { PageLoading } from './spinner.tsx';

// UI wording of the step frame.
export const stepScreenText = { back: '戻る', next: '次へ', loading: '読み込んでいます' } as const;

interface StepScreenProps {
  /** The page: its title, form id and Back target come from the flow table. */
  slug: PageSlug;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's change and blur listeners (useStepForm's formEvents: errors follow their fields). */
  formEvents?: {
    onChange: (event: ChangeEvent<HTMLFormElement>) => void;
    onBlur: (event: FocusEvent<HTMLFormElement>) => void;
  };
  /** True while the step saves: Next shows the spinner, Back is disabled. */
  pending?: boolean;
  /** The Next button's label when it is not 次へ. */
  nextLabel?: string;
  /** Next disabled (another request of the screen is running, or the entry is not complete). */
  busy?: boolean;
  /** True until what the screen needs has arrived: a spinner instead of the form, Next disabled. */
  loading?: boolean;
  children: ReactNode;
  /** Rendered after the form, whether loading or not (the screen's modals). */
  after?: ReactNode;
  /** A line above the buttons: what a running request is doing (e.g. uploading a photo). */
  status?: ReactNode;
  /** Back to an earlier state of a page that spans several steps, instead of the flow's Back. */
  onBack?: () => void;
}

/**
 * Frame of a numbered step (SPEC.md §2.5): the page's title, one form, Back (when the flow gives the
 * page one) and Next at the bottom (Next last, nearest the thumb), a spinner while loading.
 */
export function StepScreen({
  slug,
  onSubmit,
  formEvents,
  nextLabel = stepScreenText.next,
  pending = false,
  busy = false,
  loading = false,
  children,
  after,
  status,
  onBack,
}: StepScreenProps) {
  const flow = useFlow(slug);
  const back = onBack ?? flow.back;
  const formId = `${slug}-form`;
  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        <ButtonBar row={back !== undefined}>
          {status}
          {back && (
            <Button variant="secondary" disabled={pending} onClick={back}>
              {stepScreenText.back}
            </Button>
          )}
          <Button type="submit" form={formId} pending={pending} disabled={loading || busy}>
            {nextLabel}
          </Button>
        </ButtonBar>
      }
    >
      {loading ? (
        <PageLoading label={stepScreenText.loading} />
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit} {...formEvents}>
          {children}
        </form>
      )}
      {after}
    </Screen>
  );
}
