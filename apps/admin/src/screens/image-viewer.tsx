import { useRef, useState } from 'react';

const zoomSteps = [0.5, 0.75, 1, 1.5, 2, 3] as const;

/**
 * One document or face image with zoom, rotation and full screen (the reviewer compares a small
 * printed address with the typed one). The image keeps its name for screen readers; each tool is
 * a named button and the current zoom and angle are announced.
 */
export function ImageViewer({ src, name, caption }: { src: string; name: string; caption: string }) {
  const [zoom, setZoom] = useState(2); // index in zoomSteps: 1 = 100 %
  const [angle, setAngle] = useState(0);
  const figure = useRef<HTMLElement>(null);
  const scale = zoomSteps[zoom] ?? 1;

  return (
    <figure className="image-viewer" ref={figure}>
      <div className="tools" role="toolbar" aria-label={`${name}の表示`}>
        <button type="button" className="secondary" onClick={() => setZoom((z) => Math.max(0, z - 1))} disabled={zoom === 0} aria-label={`${name}を縮小`}>
          縮小
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => setZoom((z) => Math.min(zoomSteps.length - 1, z + 1))}
          disabled={zoom === zoomSteps.length - 1}
          aria-label={`${name}を拡大`}
        >
          拡大
        </button>
        <button type="button" className="secondary" onClick={() => setAngle((a) => (a + 90) % 360)} aria-label={`${name}を右に90度回転`}>
          回転
        </button>
        <button type="button" className="secondary" onClick={() => void figure.current?.requestFullscreen?.()} aria-label={`${name}を全画面で表示`}>
          全画面
        </button>
        <span role="status">
          {Math.round(scale * 100)}%・{angle}度
        </span>
      </div>
      {/* Scrolls when zoomed: reachable by keyboard (arrow keys scroll it once focused). */}
      <div className="frame" role="region" aria-label={`${name}（拡大時はスクロールできます）`} tabIndex={0}>
        <img src={src} alt={name} style={{ width: `${scale * 100}%`, maxWidth: 'none', transform: `rotate(${angle}deg)` }} />
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
