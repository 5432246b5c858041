import { useState } from 'react';
import { certificateOfResidenceValidMonths } from '@koza/domain/constants';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { PanelList, PanelSection } from '../../components/panel-section.tsx';
import { DocumentPickers, DocumentPreview, SendingNote, useDocumentUpload } from '../../forms/document-capture.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import panel from '../../components/panel.module.css';
import styles from './supplement-screen.module.css';

// UI wording of this screen.
export const supplementText = {
  lead: '本人確認書類の住所と現在お住まいの住所が異なるため、現住所が確認できる書類の写真をお送りください。',
  acceptedTitle: '現住所確認書類として使えるもの（いずれか1点）',
  accepted: ['公共料金（電気・ガス・水道など）の領収書', '住民票の写し', '国税・地方税の領収書または納税証明書', '社会保険料の領収書'],
  conditions: `氏名と現在の住所が記載され、発行（領収）日から${certificateOfResidenceValidMonths}か月以内のものに限ります。書類の全体が写り、文字がはっきり読めるように撮影してください。`,
  previewAlt: '選択した現住所確認書類の写真',
  retakeHint: '撮り直す場合は、もう一度「カメラで撮影する」か「ライブラリから選ぶ」を押してください。',
  submit: '送信する',
} as const;

/**
 * /supplement: a photo of a current-address document when the provider found the address on the
 * identity document different (DECISIONS.md §6). Images over the browser limit are shrunk first
 * (lib/image-compression.ts); POST /api/documents → the flow's next page, a failure → its uploadFailed exit.
 */
export function SupplementScreen() {
  const flow = useFlow('supplement');
  const { sending, upload } = useDocumentUpload('supplement');
  const [file, setFile] = useState<File | null>(null);

  const send = async () => {
    if (file && (await upload(file, 'CURRENT_ADDRESS_DOCUMENT'))) flow.next({ replace: true });
  };

  return (
    <Screen
      title={pageTitles.supplement}
      actions={
        <ButtonBar>
          <SendingNote sending={sending} />
          <Button onClick={() => void send()} pending={sending} disabled={!file}>
            {supplementText.submit}
          </Button>
        </ButtonBar>
      }
    >
      <p className={panel.lead}>{supplementText.lead}</p>
      <PanelSection title={supplementText.acceptedTitle}>
        <PanelList items={supplementText.accepted} />
        <p className={styles.note}>{supplementText.conditions}</p>
      </PanelSection>

      <DocumentPickers onChoose={setFile} disabled={sending} />

      {file && (
        <DocumentPreview file={file} alt={supplementText.previewAlt}>
          <br />
          {supplementText.retakeHint}
        </DocumentPreview>
      )}
    </Screen>
  );
}
