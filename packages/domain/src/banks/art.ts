// Our own SVG artwork for each bank, generated from the bank's name and palette.
// Simple geometric shapes only, designed for this product: nothing here is copied or traced
// from the banks' own logos or cards. Each SVG is self-contained (no external references,
// no scripts, no web fonts) so it can be inlined in the page or served as an image.
// Gradient ids carry the bank code so several SVGs can be inlined on one page without clashing.

export interface ArtInput {
  code: string;
  name: string;
  groupName: string;
  primary: string;
  primaryDark: string;
  accent: string;
  onPrimary: string;
  text: string;
}

const fontFamily = 'sans-serif';

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** A horizontal logo: a rounded mark (two overlapping arcs, our own motif) and the bank's name. */
export function logoSvg(a: ArtInput): string {
  const name = escapeXml(a.name);
  const width = 56 + a.name.length * 22 + 8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 48" width="${width}" height="48" role="img" aria-label="${name}">` +
    `<title>${name}</title>` +
    `<rect x="2" y="2" width="44" height="44" rx="12" fill="${a.primary}"/>` +
    `<path d="M12 32 Q24 8 36 32" fill="none" stroke="${a.onPrimary}" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="24" cy="33" r="4" fill="${a.accent}"/>` +
    `<text x="56" y="32" font-family="${fontFamily}" font-size="22" font-weight="700" fill="${a.text}">${name}</text>` +
    `</svg>`
  );
}

/** A cash card at ISO/IEC 7810 ID-1 proportions (85.6 × 54 mm → 856 × 540 units). */
export function cashCardSvg(a: ArtInput): string {
  const name = escapeXml(a.name);
  const bg = `card-bg-${a.code}`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 856 540" width="856" height="540" role="img" aria-label="${name} キャッシュカード">` +
    `<title>${name} キャッシュカード</title>` +
    `<defs><linearGradient id="${bg}" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${a.primary}"/><stop offset="1" stop-color="${a.primaryDark}"/>` +
    `</linearGradient></defs>` +
    `<rect x="0" y="0" width="856" height="540" rx="32" fill="url(#${bg})"/>` +
    // Our own pattern: three concentric quarter circles from the lower right corner.
    `<g fill="none" stroke="${a.onPrimary}" stroke-opacity="0.18" stroke-width="18">` +
    `<circle cx="856" cy="540" r="180"/><circle cx="856" cy="540" r="260"/><circle cx="856" cy="540" r="340"/>` +
    `</g>` +
    `<rect x="0" y="404" width="856" height="10" fill="${a.accent}"/>` +
    // IC chip.
    `<rect x="84" y="196" width="120" height="92" rx="14" fill="#d8c27a" stroke="#a48b3c" stroke-width="3"/>` +
    `<path d="M84 242 H204 M124 196 V288 M164 196 V288 M124 222 H164 M124 262 H164" stroke="#a48b3c" stroke-width="3" fill="none"/>` +
    `<text x="64" y="110" font-family="${fontFamily}" font-size="48" font-weight="700" fill="${a.onPrimary}">${name}</text>` +
    `<text x="64" y="370" font-family="${fontFamily}" font-size="30" letter-spacing="6" fill="${a.onPrimary}">CASH CARD</text>` +
    `<text x="64" y="480" font-family="${fontFamily}" font-size="26" fill="${a.onPrimary}">キャッシュカード</text>` +
    `</svg>`
  );
}

/** The group mark shown in the footer: three dots (one per bank) and the group name. */
export function groupLogoSvg(a: ArtInput): string {
  const group = escapeXml(a.groupName);
  const width = 56 + a.groupName.length * 15 + 8;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 36" width="${width}" height="36" role="img" aria-label="${group}">` +
    `<title>${group}</title>` +
    `<circle cx="10" cy="18" r="7" fill="${a.primary}"/>` +
    `<circle cx="26" cy="18" r="7" fill="${a.accent}"/>` +
    `<circle cx="42" cy="18" r="7" fill="${a.primaryDark}"/>` +
    `<text x="56" y="24" font-family="${fontFamily}" font-size="15" fill="${a.text}">${group}</text>` +
    `</svg>`
  );
}
