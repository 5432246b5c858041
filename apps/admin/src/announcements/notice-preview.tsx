import type { CSSProperties } from 'react';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { landingText } from '@koza/domain/landing-text';

/**
 * The notice modal as the applicant's phone shows it (apps/web entry/landing-modals.tsx): same words,
 * the bank's colours, the web modal's sizes (max 440 px wide on a 390 px screen, 16 px type). A
 * faithful picture, not the web component: no staff code ships to applicants and the reverse.
 */
export function NoticePreview({ bankCode, contents }: { bankCode: BankCode; contents: readonly string[] }) {
  const theme = getBank(bankCode).theme;
  // Custom properties through the CSSOM (React's style prop): allowed by the admin CSP.
  const colours = { '--phone-primary': theme.primary, '--phone-on-primary': theme.onPrimary, '--phone-background': theme.background } as CSSProperties;
  return (
    <figure className="phone-preview" style={colours}>
      <figcaption>お客さまのスマートフォンでの表示（幅390px）</figcaption>
      <div className="phone-screen">
        <div className="phone-modal" role="group" aria-label={`プレビュー：${landingText.noticeTitle}`}>
          <p className="phone-modal-title">{landingText.noticeTitle}</p>
          {contents.length === 0 ? (
            <p>表示するお知らせはありません（モーダルは表示されません）。</p>
          ) : (
            <ul className="phone-notices">
              {contents.map((text, i) => (
                <li key={i}>{text}</li>
              ))}
            </ul>
          )}
          <span className="phone-button">{landingText.noticeConfirm}</span>
        </div>
      </div>
    </figure>
  );
}
