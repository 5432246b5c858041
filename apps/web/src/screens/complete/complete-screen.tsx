import { useEffect } from 'react';
import { useAppLocation } from '../../lib/navigation.tsx';
import { z } from 'zod';
import type { PageSlug } from '@koza/domain/flows';
import { Screen } from '../../components/screen.tsx';
import { ButtonBar } from '../../components/button-bar.tsx';
import { LinkButton } from '../../components/button.tsx';
import { CashCard } from '../../components/cash-card.tsx';
import { BankContact } from '../../components/bank-contact.tsx';
import { StatusLink } from '../../components/status-link.tsx';
import { newTabText } from '../../components/external-link.tsx';
import { useBank } from '../../lib/bank-context.tsx';
import { pageTitles } from '@koza/domain/flows';
import { completionSchema, type Completion } from '../../api/ekyc.ts';
import { formatJapanDateTime } from '../../lib/japan-time.ts';
import { session } from '../../lib/session.ts';
import panel from '../../components/panel.module.css';
import styles from './complete-screen.module.css';

// UI wording of this screen.
export const completeText = {
  lead: '口座開設のお申込みを受け付けました。',
  receiptNumber: '受付番号',
  receiptTime: '受付日時',
  keep: 'お問い合わせの際に受付番号が必要です。この画面を保存するか、控えておいてください。',
  nextTitle: '今後の流れ',
  next: [
    '当行で審査を行います。審査の状況により、ご連絡することがあります。',
    'キャッシュカードは、お申込み内容のご住所へ郵送でお届けします（1〜2週間程度）。',
    '一定期間内にキャッシュカードをお受け取りいただけない場合、お申込みは取り消しとなります。',
  ],
  contactTitle: 'お問い合わせ先',
  questionnaire: 'アンケートに回答する',
  homePage: 'ホームページへ',
  /** A reload or a direct visit without the completion result: the receipt is shown only once. */
  shownOnce:
    'お申込みの手続きは終了しています。受付番号はお申込み完了時の画面でのみご案内しています。受付番号がご不明な場合は、下記のお問い合わせ先までご連絡ください。',
} as const;

const stateSchema = z.object({ completion: completionSchema });

/** The completion result passed by /redirect as route state, or null. */
export function completionFromState(state: unknown): Completion | null {
  const parsed = stateSchema.safeParse(state);
  return parsed.success ? parsed.data.completion : null;
}

/**
 * /complete and /child/complete: receipt number and time (Japan time), what happens next, the contact point, the
 * questionnaire (new tab) and the bank's home page. Session storage is cleared (SPEC.md §2.5).
 * Only the redirect page can bring the result (route state; the browser keeps it for a reload of the same
 * history entry); without it the screen says the receipt was shown once.
 */
export function CompleteScreen({ slug }: { slug: Extract<PageSlug, 'complete' | 'child-complete'> }) {
  const bank = useBank();
  const { state } = useAppLocation();
  const completion = completionFromState(state);

  useEffect(() => {
    session.clear();
  }, []);

  return (
    <Screen
      title={pageTitles[slug]}
      actions={
        <ButtonBar>
          <LinkButton href={bank.links.questionnaire} target="_blank" rel="noopener noreferrer">
            {completeText.questionnaire}
            <span className="visually-hidden">{newTabText}</span>
          </LinkButton>
          <LinkButton href={bank.links.homePage} variant="secondary">
            {completeText.homePage}
          </LinkButton>
        </ButtonBar>
      }
    >
      {completion ? (
        <>
          <p className={panel.lead}>{completeText.lead}</p>
          <div className={`${panel.facts} ${styles.receipt}`}>
            <dl>
              <div>
                <dt>{completeText.receiptNumber}</dt>
                <dd className={styles.number}>{completion.applicationNumber}</dd>
              </div>
              <div>
                <dt>{completeText.receiptTime}</dt>
                <dd>
                  <time className="nowrap" dateTime={completion.applicationCompletedAt}>
                    {formatJapanDateTime(completion.applicationCompletedAt)}
                  </time>
                </dd>
              </div>
            </dl>
            <p className={styles.keep}>{completeText.keep}</p>
          </div>
          <section className={panel.section} aria-labelledby="complete-next">
            <h2 id="complete-next" className={panel.sectionTitle}>
              {completeText.nextTitle}
            </h2>
            <ul className={panel.list}>
              {completeText.next.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <CashCard />
          </section>
        </>
      ) : (
        <p className={styles.notice} role="status">
          {completeText.shownOnce}
        </p>
      )}
      <section className={panel.section} aria-labelledby="complete-contact">
        <h2 id="complete-contact" className={panel.sectionTitle}>
          {completeText.contactTitle}
        </h2>
        <BankContact />
      </section>
      <StatusLink />
    </Screen>
  );
}
