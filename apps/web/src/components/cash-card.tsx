import { useBank } from '../lib/bank-context.tsx';
import { svgDataUrl } from '../lib/svg.ts';
import styles from './cash-card.module.css';

export const cashCardText = {
  caption: 'お届けするキャッシュカード（イメージ）',
  alt: (bankName: string) => `${bankName}のキャッシュカード`,
  delivery: 'キャッシュカードは、お申込みいただいたご住所へ郵送でお届けします（1〜2週間程度）。',
} as const;

/**
 * The bank's own cash card (SPEC.md §1: each bank has its own), shown where the applicant learns
 * that it arrives by post: the /term notices and the completion screen.
 */
export function CashCard() {
  const bank = useBank();
  return (
    <figure className={styles.figure}>
      <img className={styles.card} src={svgDataUrl(bank.art.cashCardSvg)} alt={cashCardText.alt(bank.name)} width={856} height={540} />
      <figcaption className={styles.caption}>{cashCardText.caption}</figcaption>
    </figure>
  );
}
