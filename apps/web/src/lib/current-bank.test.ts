import { afterEach, describe, expect, it } from 'vitest';
import { resolveBankCode } from './current-bank.ts';

function setMeta(content: string) {
  document.head.innerHTML = `<meta name="bank-code" content="${content}">`;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('resolveBankCode', () => {
  it('takes the bank the API wrote into the meta tag', () => {
    setMeta('0587');
    expect(resolveBankCode(document, 'fukuoka.localhost:3000')).toBe('0587');
  });

  it('falls back to the host when the placeholder was not replaced (Vite dev server)', () => {
    setMeta('%BANK_CODE%');
    expect(resolveBankCode(document, 'juhachishinwa.localhost:5173')).toBe('0181');
    expect(resolveBankCode(document, 'kumamoto.localhost:5173')).toBe('0587');
  });

  it('uses the default bank for localhost and unknown hosts', () => {
    setMeta('%BANK_CODE%');
    expect(resolveBankCode(document, 'localhost:5173')).toBe('0177');
    expect(resolveBankCode(document, 'example.test')).toBe('0177');
  });
});
