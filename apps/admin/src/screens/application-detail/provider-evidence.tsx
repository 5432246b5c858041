import { useState } from 'react';
import type { ApplicationDetail } from '@koza/domain/api/admin';
import { ekycOutcomeLabels } from '@koza/domain/admin/case-view';
import { compareIdentity, typedIdentity } from '@koza/domain/ekyc-identity';
import { formatDateTime } from '../../format.ts';
import { ImageViewer } from './image-viewer.tsx';

type Ekyc = NonNullable<ApplicationDetail['ekyc']>;
type Identity = { name: string; birthday: string; address: string };

/**
 * What the eKYC provider checked: the method and outcome, a JPKI certificate's items or the photos,
 * and the identity the provider read beside the typed one.
 */
export function ProviderEvidence({ detail }: { detail: ApplicationDetail }) {
  const ekyc = detail.ekyc;
  if (!ekyc) return <p>eKYCの記録はありません。</p>;
  return (
    <>
      <dl className="fields">
        <MethodAndItem label={ekyc.methodLabel} item={ekyc.ordinanceItem} />
        <div>
          <dt>結果</dt>
          <dd>{ekycOutcomeLabels[ekyc.providerStatus] ?? ekyc.providerStatus}</dd>
        </div>
        <div>
          <dt>現住所確認書類</dt>
          <dd>{ekyc.supplementRequired ? '必要（本人確認書類の住所と申込の住所が異なる）' : '不要'}</dd>
        </div>
        <div>
          <dt>更新日時</dt>
          <dd>{formatDateTime(ekyc.updatedAt)}</dd>
        </div>
      </dl>
      {ekyc.readUnavailable && <p className="error">本人確認事業者から読取結果を取得できませんでした。時間をおいて開き直してください。</p>}
      {ekyc.certificate && <CertificateFacts certificate={ekyc.certificate} />}
      {ekyc.images.length > 0 && <EvidenceImages applicationId={detail.id} images={ekyc.images} />}
      <IdentityComparison detail={detail} />
      <ChildVerification detail={detail} />
    </>
  );
}

/** Shown where the text in force on the day of the check has no such method (decision 0248). */
const notInForce = '確認日に施行の犯収法施行規則に定めのない方法（承認できません）';

/** The method with its letter, and the ordinance's item of the day of the check. */
function MethodAndItem({ label, item }: { label: string; item: string | null }) {
  return (
    <>
      <div>
        <dt>方式</dt>
        <dd>{label}</dd>
      </div>
      <div>
        <dt>根拠条項</dt>
        <dd>{item ?? notInForce}</dd>
      </div>
    </>
  );
}

/**
 * A child application: how the child (the customer) was verified, with the item of the ordinance in
 * force that day; after the amendment, what the provider read from the chip of the child's own card
 * beside what the parent typed, and the child's face (decision 0248).
 */
function ChildVerification({ detail }: { detail: ApplicationDetail }) {
  const child = detail.childVerification;
  if (!child) return null;
  return (
    <section aria-labelledby="child-verification">
      <h3 id="child-verification">お子さまの本人確認</h3>
      <dl className="fields">
        <MethodAndItem label={child.methodLabel} item={child.ordinanceItem} />
      </dl>
      {child.read && (
        <ComparisonTable
          caption="申込内容とお子さまのICチップの読取結果"
          readLabel="ICチップの読取結果"
          typed={typedIdentity(detail.application, detail.application)}
          read={child.read}
        />
      )}
      {child.images.length > 0 && <EvidenceImages applicationId={detail.id} images={child.images} />}
    </section>
  );
}

/** JPKI: the signing certificate the provider read from the My Number card (decision 0240). */
function CertificateFacts({ certificate }: { certificate: NonNullable<Ekyc['certificate']> }) {
  const rows: [string, string][] = [
    ['氏名', certificate.name],
    ['生年月日', certificate.birthday],
    ['性別', certificate.gender || '—'],
    ['住所', certificate.address],
    ['有効期間', `${formatDateTime(certificate.notBefore)} 〜 ${formatDateTime(certificate.notAfter)}`],
    ['シリアル番号', certificate.serialNumber],
  ];
  return (
    <>
      <h3>署名用電子証明書の記載事項（基本4情報）</h3>
      <dl className="fields">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/**
 * The document and face photos the provider's check relied on, fetched from the provider when shown
 * (each view an audit line; nothing kept by the service; decision 0240).
 */
function EvidenceImages({ applicationId, images }: { applicationId: string; images: Ekyc['images'] }) {
  const [shown, setShown] = useState(false);
  if (!shown) {
    return (
      <button type="button" className="secondary" onClick={() => setShown(true)}>
        本人確認事業者が確認した画像を表示（{images.length}件）
      </button>
    );
  }
  return (
    <ul className="documents" aria-label="本人確認事業者が確認した画像">
      {images.map((image) => (
        <li key={image.kind}>
          <ImageViewer
            src={`/api/admin/applications/${encodeURIComponent(applicationId)}/ekyc-images/${image.kind}`}
            name={image.label}
            caption={`${image.label}（本人確認事業者から表示）`}
          />
        </li>
      ))}
    </ul>
  );
}

/** The typed identity (the parent's for a child) beside what the provider read, differences marked. */
function IdentityComparison({ detail }: { detail: ApplicationDetail }) {
  const read = detail.ekyc?.read;
  if (!read) return null;
  const person = detail.applicationParent ?? detail.application;
  const typed = typedIdentity(person, detail.application);
  const differences = compareIdentity(typed, read).filter((c) => !c.same).length;
  const caption = `申込内容と本人確認書類の読取結果${detail.applicationParent ? '（親権者）' : ''}：${differences === 0 ? 'すべて一致' : `${differences}項目が不一致`}`;
  return <ComparisonTable caption={caption} readLabel="書類の読取結果" typed={typed} read={read} />;
}

/** A typed identity beside what was read, row by row, differences marked. */
function ComparisonTable({ caption, readLabel, typed, read }: { caption: string; readLabel: string; typed: Identity; read: Identity }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">項目</th>
          <th scope="col">申込内容</th>
          <th scope="col">{readLabel}</th>
          <th scope="col">照合</th>
        </tr>
      </thead>
      <tbody>
        {compareIdentity(typed, read).map((c) => (
          <tr key={c.field}>
            <th scope="row">{c.label}</th>
            <td>{c.typed}</td>
            <td className={c.same ? undefined : 'diff'}>{c.read}</td>
            <td>{c.same ? '一致' : <strong className="age-overdue">不一致</strong>}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
