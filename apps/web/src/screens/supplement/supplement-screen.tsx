import { useEffect, useState, type ChangeEvent } from 'react';
import { certificateOfResidenceValidMonths } from '@koza/domain/constants';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '../../lib/page-titles.ts';
import { ApiError } from '../../api/client.ts';
import { uploadDocument } from '../../api/ekyc.ts';
import { compressImage } from '../../lib/image-compression.ts';
import panel from '../../components/panel.module.css';
import styles from './supplement-screen.module.css';

// UI wording of this screen.
export const supplementText = {
  lead: '本人確認書類の住所と現在お住まいの住所が異なるため、現住所が確認できる書類の写真をお送りください。',
  acceptedTitle: '現住所確認書類として使えるもの（いずれか1点）',
  accepted: [
    '公共料金（電気・ガス・水道など）の領収書',
    '住民票の写し',
    '国税・地方税の領収書または納税証明書',
    '社会保険料の領収書',
  ],
  conditions: `氏名と現在の住所が記載され、発行（領収）日から${certificateOfResidenceValidMonths}か月以内のものに限ります。書類の全体が写り、文字がはっきり読めるように撮影してください。`,
  camera: 'カメラで撮影する',
  library: 'ライブラリから選ぶ',
  previewAlt: '選択した現住所確認書類の写真',
  chosen: (name: string) => `選択した写真：${name}`,
  retakeHint: '撮り直す場合は、もう一度「カメラで撮影する」か「ライブラリから選ぶ」を押してください。',
  sending: '送信しています。しばらくお待ちください。',
  submit: '送信する',
} as const;

function CameraIcon() {
  return (
    <svg className={styles.pickerIcon} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M9 3 7.2 5H4a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-3.2L15 3H9zm3 5a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
    </svg>
  );
}

function PhotoIcon() {
  return (
    <svg className={styles.pickerIcon} viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm0 2v9.6l4-4 3 3 5-5 4 4V6H4zm4 1.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z" />
    </svg>
  );
}

/**
 * /supplement: a photo of a current-address document when the provider found the address on the
 * identity document different (DECISIONS.md §6). Images over the browser limit are shrunk first
 * (lib/image-compression.ts); POST /api/documents → the flow's next page, a failure → its uploadFailed exit.
 */
export function SupplementScreen() {
  const flow = useFlow('supplement');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen) setFile(chosen);
    // The same file may be chosen again after a failure.
    event.target.value = '';
  };

  const send = async () => {
    if (!file) return;
    setSending(true);
    try {
      const { blob } = await compressImage(file);
      const name = blob === file ? file.name : 'current-address.jpg';
      await uploadDocument(blob, 'CURRENT_ADDRESS_DOCUMENT', name);
      flow.next({ replace: true });
    } catch (error) {
      setSending(false);
      if (error instanceof ApiError && error.status === 401) return;
      flow.exit('uploadFailed');
    }
  };

  return (
    <Screen
      title={pageTitles.supplement}
      actions={
        <ButtonBar>
          {sending && (
            <p className={styles.sending} role="status">
              {supplementText.sending}
            </p>
          )}
          <Button onClick={() => void send()} pending={sending} disabled={!file}>
            {supplementText.submit}
          </Button>
        </ButtonBar>
      }
    >
      <p className={panel.lead}>{supplementText.lead}</p>
      <section className={panel.section} aria-labelledby="supplement-accepted">
        <h2 id="supplement-accepted" className={panel.sectionTitle}>
          {supplementText.acceptedTitle}
        </h2>
        <ul className={panel.list}>
          {supplementText.accepted.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
        <p className={styles.note}>{supplementText.conditions}</p>
      </section>

      <div className={styles.pickers}>
        <label className={styles.picker}>
          <CameraIcon />
          {supplementText.camera}
          <input className="visually-hidden" type="file" accept="image/*" capture="environment" onChange={choose} disabled={sending} />
        </label>
        <label className={styles.picker}>
          <PhotoIcon />
          {supplementText.library}
          <input className="visually-hidden" type="file" accept="image/*" onChange={choose} disabled={sending} />
        </label>
      </div>

      {file && preview && (
        <figure className={styles.preview}>
          <img src={preview} alt={supplementText.previewAlt} />
          <figcaption>
            {supplementText.chosen(file.name)}
            <br />
            {supplementText.retakeHint}
          </figcaption>
        </figure>
      )}
    </Screen>
  );
}
