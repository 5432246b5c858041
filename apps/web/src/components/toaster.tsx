import { Toaster as SonnerToaster } from 'sonner';
import 'sonner/dist/styles.css';
import { toastAutoCloseMs } from '@koza/domain/constants';

/**
 * The one toast outlet of the app. Toasts close after 5 seconds (SPEC.md §9); notification
 * toasts that must stay pass `duration: Infinity` to toast().
 * sonner's runtime <style> injection is disabled in vite.config.ts (CSP); its CSS comes from the import above.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      duration={toastAutoCloseMs}
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: '閉じる' }}
      containerAriaLabel="お知らせ"
    />
  );
}
