import { useState, type FormEvent } from 'react';
import { identificationDocumentType, identificationSlug as slug, mayHoldCardWithoutPhoto } from '@koza/domain/steps/child-documents';
import { PanelSection } from '../../components/panel-section.tsx';
import { StepScreen } from '../../components/step-screen.tsx';
import { savedApplicationQuery, useStepQuery } from '../../api/queries.ts';
import { DocumentHints, DocumentPickers, DocumentPreview, RetakeButton, SendingNote, StateHeading, useDocumentUpload } from '../../forms/document-capture.tsx';
import { useFlow } from '../../lib/flow.ts';
import { useSubStep } from '../../lib/sub-step.ts';

// UI wording of this screen.
export const identificationText = {
  camera: {
    title: 'お子さまのマイナンバーカードの表面を撮影してください',
    hints: [
      'カードの表面全体が写るように、明るい場所で撮影してください。',
      '光の反射や影で、文字や顔写真が隠れないようにしてください。',
      'カードの裏面（個人番号が記載された面）は撮影しないでください。',
    ],
  },
  withoutPhoto: {
    title: '顔写真のないマイナンバーカードの場合',
    body: '2024年12月2日以降に1歳未満で申請されたマイナンバーカードには、顔写真がありません。顔写真のないカードもお手続きにご利用いただけます。同じように表面を撮影してください。',
  },
  confirm: {
    title: '撮影した写真をご確認ください',
    hints: ['カードの表面全体が写っていますか。', '氏名・住所・生年月日がはっきり読み取れますか。', '光の反射や影で隠れている部分はありませんか。'],
    hintsLabel: '確認していただきたい点',
    previewAlt: '撮影したお子さまのマイナンバーカードの写真',
    send: '送信して次へ',
  },
} as const;

type CardState = 'camera' | 'confirm';

/**
 * /child/ekyc-identification-documents (two steps of the bar: camera, confirm): the photo of the child's individual
 * number card, taken (camera) then looked at (confirm), and uploaded as INDIVIDUAL_NUMBER_CARD on
 * Next; a failure leaves by the flow's uploadFailed exit (/child/error). A child who may hold a
 * card without a photo (SPEC.md §9, mayHoldCardWithoutPhoto) is told that such a card is accepted.
 */
export function ChildEkycIdentificationDocumentsScreen() {
  const flow = useFlow(slug);
  const application = useStepQuery(slug, savedApplicationQuery);
  const { sending, upload } = useDocumentUpload(slug);
  const [state, setState] = useState<CardState>('camera');
  const [file, setFile] = useState<File | null>(null);
  useSubStep(slug, state);
  const text = identificationText;

  const choose = (chosen: File) => {
    setFile(chosen);
    setState('confirm');
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    if (state === 'camera') setState('confirm');
    else if (await upload(file, identificationDocumentType)) flow.next();
  };

  return (
    <StepScreen
      slug={slug}
      onSubmit={(event) => void onSubmit(event)}
      loading={!application}
      pending={sending}
      busy={!file}
      nextLabel={state === 'confirm' ? text.confirm.send : undefined}
      status={<SendingNote sending={sending} />}
      onBack={state === 'confirm' ? () => setState('camera') : undefined}
    >
      <StateHeading state={state}>{text[state].title}</StateHeading>
      {state === 'camera' ? (
        <>
          <DocumentHints items={text.camera.hints} />
          {mayHoldCardWithoutPhoto(application?.birthday) && (
            <PanelSection title={text.withoutPhoto.title} level={3}>
              <p>{text.withoutPhoto.body}</p>
            </PanelSection>
          )}
          <DocumentPickers onChoose={choose} />
        </>
      ) : (
        file && (
          <>
            <DocumentPreview file={file} alt={text.confirm.previewAlt} />
            <DocumentHints items={text.confirm.hints} label={text.confirm.hintsLabel} />
            <RetakeButton onClick={() => setState('camera')} disabled={sending} />
          </>
        )
      )}
    </StepScreen>
  );
}
