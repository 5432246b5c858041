import type { Bank } from '@koza/domain/banks/banks';

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
 * Every bank's palette as a stylesheet, one rule per bank keyed by the page's
 * `<html data-bank="…">` (which the API and the prerendered pages set): the colours are there before
 * any script runs, and the CSP (style-src 'self') needs no inline style. The build bundles it into
 * the web's stylesheet (vite.config.ts, virtual:bank-themes.css).
 */
export function bankThemesCss(banks: readonly Bank[]): string {
  return banks
    .map((bank) => {
      const declarations = (Object.entries(themeVariables) as [keyof Bank['theme'], string][])
        .map(([key, variable]) => `  ${variable}: ${bank.theme[key]};`)
        .join('\n');
      return `:root[data-bank='${bank.code}'] {\n${declarations}\n}\n`;
    })
    .join('\n');
}
