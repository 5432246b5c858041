import { toast, useToasts } from './toast.ts';
import styles from './toast-region.module.css';

export const toastText = { region: 'お知らせ', close: '閉じる' } as const;

/**
 * Where toasts show: just above the screen's bottom bar (laid over the content), above Back/Next. The region is always
 * in the page (empty when there is nothing to say) so screen readers announce what arrives.
 */
export function ToastRegion() {
  const toasts = useToasts();
  return (
    <section className={styles.region} aria-label={toastText.region} aria-live="polite">
      {toasts.length > 0 && (
        <ol className={styles.list}>
          {toasts.map((t) => (
            <li key={t.id} className={styles.toast}>
              <p className={styles.message}>{t.message}</p>
              <button type="button" className={styles.close} aria-label={toastText.close} onClick={() => toast.dismiss(t.id)}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
