import type { Bank } from '@koza/domain/banks/bank';

/** CSS custom properties that carry a bank's palette; the stylesheets only ever read these. */
export const themeVariables = {
  primary: '--color-primary',
  primaryDark: '--color-primary-dark',
  accent: '--color-accent',
  onPrimary: '--color-on-primary',
  background: '--color-background',
  text: '--color-text',
} as const satisfies Record<keyof Bank['theme'], string>;

/**
 * Applies the bank's palette through the CSSOM. The CSP (style-src 'self') forbids inline
 * <style> elements but allows setting properties on element.style from our own script.
 */
export function applyBankTheme(bank: Bank, root: HTMLElement = document.documentElement): void {
  for (const [key, variable] of Object.entries(themeVariables) as [keyof Bank['theme'], string][]) {
    root.style.setProperty(variable, bank.theme[key]);
  }
  root.dataset.bank = bank.code;
}
