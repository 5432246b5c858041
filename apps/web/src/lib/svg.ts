/** Turns one of our own SVG strings into an image source (the CSP allows img-src data:). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
