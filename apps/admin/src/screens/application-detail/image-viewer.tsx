import { useRef, useState } from 'react';

const zoomSteps = [0.5, 0.75, 1, 1.5, 2, 3] as const;

/** Each angle's transform about the image's top left corner, which keeps the turned image at the box's top left. */
const turns: Readonly<Record<number, string>> = {
  0: 'none',
  90: 'rotate(90deg) translateY(-100%)',
  180: 'rotate(180deg)',
  270: 'rotate(270deg) translateX(-100%)',
};

/**
 * One document or face image with zoom, rotation and full screen (the reviewer compares a small
 * printed address with the typed one). The image keeps its name for screen readers; each tool is
 * a named button and the current zoom and angle are announced.
 */
export function ImageViewer({ src, name, caption }: { src: string; name: string; caption: string }) {
  const [zoom, setZoom] = useState(2); // index in zoomSteps: 1 = 100 %
  const [angle, setAngle] = useState(0);
  /** The image's height over its width, once it has loaded. */
  const [ratio, setRatio] = useState(1);
  const figure = useRef<HTMLElement>(null);
  const scale = zoomSteps[zoom] ?? 1;
  // A quarter turn swaps width and height: the box the image takes in the frame is the turned one, so
  // the frame scrolls over all of it at every zoom instead of clipping it (issue 32). The zoom stays a
  // share of the frame's width in every orientation.
  const turned = angle === 90 || angle === 270;
  const turn = turns[angle] ?? 'none';

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
        <div className="turn" style={{ width: `${scale * 100}%`, aspectRatio: String(turned ? ratio : 1 / ratio) }}>
          <img
            src={src}
            alt={name}
            onLoad={(event) => {
              const img = event.currentTarget;
              if (img.naturalWidth > 0) setRatio(img.naturalHeight / img.naturalWidth);
            }}
            style={{ width: turned ? `${100 / ratio}%` : '100%', maxWidth: 'none', transform: turn, transformOrigin: angle === 180 ? 'center' : 'top left' }}
          />
        </div>
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}
