import type { FormEvent, ReactNode } from 'react';
import { Button } from './button.tsx';
import { ButtonBar } from './button-bar.tsx';
import { Screen } from './screen.tsx';
import { Spinner } from './spinner.tsx';

interface StepScreenProps {
  title: string;
  /** The form's id; the Next button submits it from the bottom bar. */
  formId: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The Back button; none on the first step. */
  back?: { label: string; onClick: () => void; disabled?: boolean };
  next: { label: string; pending?: boolean; disabled?: boolean };
  /** True until what the screen needs has arrived: a spinner instead of the form, Next disabled. */
  loading?: boolean;
  children: ReactNode;
  /** Rendered after the form, whether loading or not (the screen's modals). */
  after?: ReactNode;
}

/**
 * Frame of a numbered step (SPEC.md §2.5): one form, Back and Next at the bottom (Next last, nearest
 * the thumb), a spinner while the saved application loads.
 */
export function StepScreen({ title, formId, onSubmit, back, next, loading = false, children, after }: StepScreenProps) {
  return (
    <Screen
      title={title}
      actions={
        <ButtonBar row={back !== undefined}>
          {back && (
            <Button variant="secondary" disabled={back.disabled} onClick={back.onClick}>
              {back.label}
            </Button>
          )}
          <Button type="submit" form={formId} pending={next.pending} disabled={loading || next.disabled}>
            {next.label}
          </Button>
        </ButtonBar>
      }
    >
      {loading ? (
        <Spinner label="読み込んでいます" />
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit}>
          {children}
        </form>
      )}
      {after}
    </Screen>
  );
}
