import { useState, type FormEvent } from 'react';
import {
  areSupplementChecksComplete,
  supplementaryDocumentLabels,
  supplementaryDocumentTypes,
  supplementarySlug as slug,
  supplementChecks,
  type SupplementaryDocumentType,
} from '@koza/domain/steps/child-documents';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import {
  DocumentHints,
  DocumentPickers,
  DocumentPreview,
  PhotoChecks,
  RetakeButton,
  SendingNote,
  StateHeading,
  useDocumentUpload,
} from '../../forms/document-capture.tsx';
import { useFlow } from '../../lib/flow.ts';
import { useSubStep } from '../../lib/sub-step.ts';
import { supplementaryText as text } from './supplementary-text.ts';

type SupplementState = 'select' | 'camera' | 'confirm';

const before: Record<SupplementState, SupplementState | undefined> = { select: undefined, camera: 'select', confirm: 'camera' };

/**
 * /child/ekyc-supplementary-documents (three steps of the bar: select, camera, confirm): choose a certificate of residence or
 * a maternity handbook (select), take its photo (camera), look at it and tick every check of
 * SPEC.md §5 for that document (confirm: Next stays disabled until all are ticked), then upload it
 * under its type; a failure leaves by the flow's uploadFailed exit (/child/error).
 * Back goes to the state before, and from the first state to the flow's previous page.
 */
export function ChildEkycSupplementaryDocumentsScreen() {
  const flow = useFlow(slug);
  const { sending, upload } = useDocumentUpload(slug);
  const [state, setState] = useState<SupplementState>('select');
  const [type, setType] = useState<SupplementaryDocumentType | undefined>();
  const [file, setFile] = useState<File | null>(null);
  const [checks, setChecks] = useState<Record<string, boolean>>({});
  useSubStep(slug, state);

  const chooseType = (chosen: SupplementaryDocumentType) => {
    if (chosen === type) return;
    setType(chosen);
    setFile(null);
    setChecks({});
  };
  const choosePhoto = (chosen: File) => {
    setFile(chosen);
    setState('confirm');
  };
  /** Leaving the confirm state: the ticks were about that look at the photo, so they are asked again. */
  const goTo = (to: SupplementState) => {
    if (state === 'confirm') setChecks({});
    setState(to);
  };

  const ready = state === 'select' ? type !== undefined : state === 'camera' ? file !== null : type !== undefined && areSupplementChecksComplete(type, checks);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !type) return;
    if (state === 'select') setState('camera');
    else if (state === 'camera') setState('confirm');
    else if (file && (await upload(file, type))) flow.next();
  };

  const previous = before[state];
  return (
    <StepScreen
      slug={slug}
      onSubmit={(event) => void onSubmit(event)}
      pending={sending}
      busy={!ready}
      nextLabel={state === 'confirm' ? text.confirm.send : undefined}
      status={<SendingNote sending={sending} />}
      onBack={previous ? () => goTo(previous) : undefined}
    >
      <StateHeading state={state}>
        {state === 'select' ? text.select.title : state === 'camera' && type ? text.camera.title(type) : text.confirm.title}
      </StateHeading>
      {state === 'select' && (
        <ChoiceGroup
          legend={text.select.legend}
          details={<p>{text.select.details}</p>}
          options={supplementaryDocumentTypes.map((t) => ({ value: t, label: supplementaryDocumentLabels[t], description: text.select.descriptions[t] }))}
          value={type}
          onChange={chooseType}
        />
      )}
      {state === 'camera' && type && (
        <>
          <DocumentHints items={text.camera.hints[type]} />
          <DocumentPickers onChoose={choosePhoto} />
        </>
      )}
      {state === 'confirm' && type && file && (
        <>
          <DocumentPreview file={file} alt={text.confirm.previewAlt(type)} />
          <PhotoChecks
            legend={text.confirm.legend}
            checks={supplementChecks[type]}
            ticked={checks}
            onChange={(key, ticked) => setChecks((c) => ({ ...c, [key]: ticked }))}
          />
          <RetakeButton onClick={() => goTo('camera')} disabled={sending} />
        </>
      )}
    </StepScreen>
  );
}
