import { toast } from '../../components/toast.ts';
import { useEffect, useState } from 'react';
import { identityDocuments } from '@koza/domain/confirmation-questions';
import { messages } from '@koza/domain/messages';
import type { EkycMethod } from '@koza/domain/constants';
import type { PageSlug } from '@koza/domain/flows';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { Button } from '../../components/button.tsx';
import { stepScreenText } from '../../components/step-screen.tsx';
import { PanelList, PanelSection } from '../../components/panel-section.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useFlow } from '../../lib/flow.ts';
import { pageTitles } from '@koza/domain/flows';
import { ApiCallError } from '../../api/client.ts';
import { startEkyc } from '../../api/ekyc.ts';
import { useEkycMethod } from '../../api/queries.ts';
import { cameraReadiness, type CameraReadiness } from './ekyc-method.ts';
import panel from '../../components/panel.module.css';
import styles from './ekyc-preparation-screen.module.css';

// UI wording of this screen; the documents come from the domain, the toast from messages.ts.
export const ekycPreparationText = {
  lead: {
    'ekyc-preparation': '最後に、スマートフォンで本人確認を行います。本人確認は外部の本人確認サービスの画面で行い、終わるとこの画面に戻ります。',
    'child-parent-ekyc-preparation':
      '最後に、親権者さまご本人の本人確認をスマートフォンで行います。親権者さまの本人確認書類とお顔で確認します。本人確認は外部の本人確認サービスの画面で行い、終わるとこの画面に戻ります。',
  },
  /** The parent's preparation from the amended ordinance on: the child's card and face come first (decision 0248). */
  childChipLead:
    '最後に、外部の本人確認サービスの画面で、お子さまのマイナンバーカードのICチップの読み取りとお子さまのお顔の撮影を行い、続けて親権者さまご本人の本人確認を行います。終わるとこの画面に戻ります。',
  loading: '本人確認の方法を確認しています',
  photo: {
    documentsTitle: 'ご用意いただくもの（いずれか1点）',
    stepsTitle: '本人確認の流れ',
    steps: ['本人確認書類の表面を撮影します', '本人確認書類の裏面を撮影します', '本人確認書類を斜めから撮影します（厚みの確認）', 'ご本人のお顔を撮影します'],
    note: '明るい場所で、書類の文字がはっきり写るように撮影してください。',
  },
  jpki: {
    documentsTitle: 'ご用意いただくもの',
    documents: ['マイナンバーカード', '署名用電子証明書のパスワード（英数字6〜16文字）'],
    stepsTitle: '本人確認の流れ',
    steps: ['署名用電子証明書のパスワードを入力します', 'スマートフォンでマイナンバーカードを読み取ります', '読み取った内容を確認して送信します'],
    note: 'パスワードを連続して間違えるとロックされます。お忘れの場合はお住まいの市区町村の窓口でお手続きください。',
  },
  camera: {
    ready: { title: 'カメラを利用できます', body: '本人確認サービスの画面でカメラの利用を求められたら「許可」を選んでください。' },
    unknown: { title: 'カメラを使用します', body: '本人確認サービスの画面でカメラの利用を求められたら「許可」を選んでください。' },
    denied: {
      title: 'カメラの利用が許可されていません',
      body: 'ブラウザの設定でこのサイトのカメラを「許可」に変更してから、本人確認へお進みください。（iPhone：設定 ＞ Safari ＞ カメラ、Android：Chrome のアドレスバー左のアイコン ＞ 権限）',
    },
    unsupported: {
      title: 'このブラウザではカメラを起動できません',
      body: 'iPhone は Safari、Android は Chrome で開き直してください。このまま進んだ場合は、撮影した写真を選んで送信できます。',
    },
  },
  proceed: '本人確認へ進む',
} as const;

const addressToastId = 'address-match';

function MethodGuide({ method }: { method: EkycMethod }) {
  const text = method === 'JPKI' ? ekycPreparationText.jpki : ekycPreparationText.photo;
  const documents = method === 'JPKI' ? ekycPreparationText.jpki.documents : identityDocuments;
  return (
    <>
      <PanelSection title={text.documentsTitle}>
        <PanelList items={documents} className={styles.documents} />
      </PanelSection>
      <PanelSection title={text.stepsTitle}>
        <PanelList items={text.steps} ordered className={styles.steps} />
        <p className={styles.note}>{text.note}</p>
      </PanelSection>
    </>
  );
}

function CameraNotice({ readiness }: { readiness: CameraReadiness }) {
  const text = ekycPreparationText.camera[readiness];
  const warning = readiness === 'denied' || readiness === 'unsupported';
  return (
    <div className={`${styles.camera} ${warning ? styles.cameraWarning : ''}`} role={warning ? 'alert' : undefined}>
      <div>
        <p className={styles.cameraTitle}>{text.title}</p>
        <p>{text.body}</p>
      </div>
    </div>
  );
}

/** The general applicant's eKYC preparation, or the parent's in the child flow. */
type EkycPreparationSlug = Extract<PageSlug, 'ekyc-preparation' | 'child-parent-ekyc-preparation'>;

/**
 * /ekyc-preparation and /child/parent-ekyc-preparation (the parent's
 * identity): what to prepare for the method in force (the API decides it; see useEkycMethod), a
 * camera check for the photo method that never blocks (the provider falls back to choosing photos),
 * and the button that opens the external identity-check service. Back where the flow gives one.
 */
export function EkycPreparationScreen({ slug }: { slug: EkycPreparationSlug }) {
  const flow = useFlow(slug);
  const [starting, setStarting] = useState(false);
  const [camera, setCamera] = useState<CameraReadiness | null>(null);
  const method = useEkycMethod();

  useEffect(() => {
    // SPEC.md §2.5: the toast asks whether the document's address is the current one (closes after 5 s).
    toast(messages.addressMatchToast, { id: addressToastId });
    return () => {
      toast.dismiss(addressToastId);
    };
  }, []);

  useEffect(() => {
    if (method !== 'PHOTO_ID_AND_FACE') return;
    let active = true;
    void cameraReadiness().then((r) => active && setCamera(r));
    return () => {
      active = false;
    };
  }, [method]);

  useEffect(() => {
    // Back from the provider may restore this page from the back-forward cache with the button busy.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setStarting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const proceed = async () => {
    setStarting(true);
    try {
      const { url } = await startEkyc();
      // A full navigation to the provider; it returns the browser to /ekyc-callback.
      window.location.assign(url);
    } catch (error) {
      setStarting(false);
      // A 401 has already sent the applicant to the session error.
      if (error instanceof ApiCallError && error.status === 401) return;
      flow.exit('ekycFailed');
    }
  };

  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        <ButtonBar row={flow.back !== undefined}>
          {flow.back && (
            <Button variant="secondary" disabled={starting} onClick={flow.back}>
              {stepScreenText.back}
            </Button>
          )}
          <Button onClick={() => void proceed()} pending={starting} disabled={method === null}>
            {ekycPreparationText.proceed}
          </Button>
        </ButtonBar>
      }
    >
      <p className={panel.lead}>
        {slug === 'child-parent-ekyc-preparation' && method === 'JPKI' ? ekycPreparationText.childChipLead : ekycPreparationText.lead[slug]}
      </p>
      {method === null ? (
        <div className={styles.loading}>
          <Spinner label={ekycPreparationText.loading} />
        </div>
      ) : (
        <>
          {/* While the camera is being checked the notice is there already (as "will use the camera", the
              same size as "can use it"), so the answer moves nothing below it (issue 45). */}
          {method === 'PHOTO_ID_AND_FACE' && <CameraNotice readiness={camera ?? 'unknown'} />}
          <MethodGuide method={method} />
        </>
      )}
    </Screen>
  );
}
