import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { DocumentType } from '@koza/domain/constants';
import type { PageSlug } from '@koza/domain/flows';
import { ApiCallError } from '../api/client.ts';
import { uploadDocument } from '../api/ekyc.ts';
import { compressImage } from '../lib/image-compression.ts';
import { useFlow } from '../lib/flow.ts';
import { Button } from '../components/button.tsx';
import { Checkbox } from '../components/choice-group.tsx';
import styles from './document-capture.module.css';

// The photo of a document, as /supplement and the child's document pages take it: the camera or the
// photo library (file inputs; the phone's own camera app takes the picture), a preview, then an
// upload with a spinner, the image shrunk first per SPEC.md §9 (lib/image-compression.ts).

// UI wording of the section.
export const documentCaptureText = {
  camera: 'カメラで撮影する',
  library: 'ライブラリから選ぶ',
  chosen: (name: string) => `選択した写真：${name}`,
  retake: '撮り直す',
  sending: '送信しています。しばらくお待ちください。',
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

interface DocumentPickersProps {
  onChoose: (file: File) => void;
  disabled?: boolean;
}

/**
 * Two buttons: the rear camera (`capture`) and the photo library. They are labels of visually
 * hidden file inputs, so the phone's own pickers open and each is a 44 px target.
 */
export function DocumentPickers({ onChoose, disabled = false }: DocumentPickersProps) {
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (chosen) onChoose(chosen);
    // The same file may be chosen again (a retake, or after a failure).
    event.target.value = '';
  };
  return (
    <div className={styles.pickers}>
      <label className={styles.picker}>
        <CameraIcon />
        {documentCaptureText.camera}
        <input className="visually-hidden" type="file" accept="image/*" capture="environment" onChange={choose} disabled={disabled} />
      </label>
      <label className={styles.picker}>
        <PhotoIcon />
        {documentCaptureText.library}
        <input className="visually-hidden" type="file" accept="image/*" onChange={choose} disabled={disabled} />
      </label>
    </div>
  );
}

/** The chosen photo as the applicant took it; `children` go under it (the file name, hints). */
export function DocumentPreview({ file, alt, children }: { file: File; alt: string; children?: ReactNode }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  if (!url) return null;
  return (
    <figure className={styles.preview}>
      <img src={url} alt={alt} />
      <figcaption>
        {documentCaptureText.chosen(file.name)}
        {children}
      </figcaption>
    </figure>
  );
}

/**
 * The heading of a page's current state (camera, confirm …): the page stays, so when the state
 * changes focus moves here, as it moves to the h1 on a new page, and a screen reader says where
 * the applicant is. On arrival the page's h1 has the focus.
 */
export function StateHeading({ state, children }: { state: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const shown = useRef(state);
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    ref.current?.focus();
  }, [state]);
  return (
    <h2 ref={ref} tabIndex={-1} className={styles.stateTitle}>
      {children}
    </h2>
  );
}

/** Points to keep in mind while taking or checking the photo. */
export function DocumentHints({ items, label }: { items: readonly string[]; label?: string }) {
  return (
    <ul className={styles.hints} aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

interface PhotoChecksProps {
  legend: string;
  checks: readonly { key: string; label: string }[];
  ticked: Readonly<Record<string, boolean>>;
  onChange: (key: string, ticked: boolean) => void;
}

/** What the applicant confirms about the photo, one checkbox each (SPEC.md §5 supplement checks). */
export function PhotoChecks({ legend, checks, ticked, onChange }: PhotoChecksProps) {
  return (
    <fieldset className={styles.checks}>
      <legend className={styles.checksLegend}>{legend}</legend>
      {checks.map((check) => (
        <Checkbox key={check.key} label={check.label} checked={ticked[check.key] === true} onChange={(v) => onChange(check.key, v)} />
      ))}
    </fieldset>
  );
}

/** Back to taking the photo, from the look at it (confirm state). */
export function RetakeButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <Button variant="secondary" className={styles.retake} onClick={onClick} disabled={disabled}>
      {documentCaptureText.retake}
    </Button>
  );
}

/** The line shown above the send button while the photo uploads. */
export function SendingNote({ sending }: { sending: boolean }) {
  if (!sending) return null;
  return (
    <p className={styles.sending} role="status">
      {documentCaptureText.sending}
    </p>
  );
}

/** The file name sent: the original's, or one named after the type when the browser re-encoded it. */
export function uploadFileName(original: File, sent: Blob, type: DocumentType): string {
  return sent === original ? original.name : `${type.toLowerCase().replaceAll('_', '-')}.jpg`;
}

/**
 * Shrinks and uploads a document photo (POST /api/documents). Resolves true when stored; a failure
 * leaves by the page's `uploadFailed` exit of the flow table (a 401 has already gone to the session
 * error) and resolves false. `sending` stays true after success, until the screen moves on.
 */
export function useDocumentUpload(slug: PageSlug) {
  const flow = useFlow(slug);
  const [sending, setSending] = useState(false);
  // A ref, not state: two taps in the same frame must not both upload.
  const busy = useRef(false);

  const upload = useCallback(
    async (file: File, type: DocumentType): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setSending(true);
      try {
        const { blob } = await compressImage(file);
        await uploadDocument(blob, type, uploadFileName(file, blob, type));
        return true;
      } catch (error) {
        setSending(false);
        if (!(error instanceof ApiCallError && error.status === 401)) flow.exit('uploadFailed');
        return false;
      } finally {
        busy.current = false;
      }
    },
    [flow],
  );

  return { sending, upload };
}
