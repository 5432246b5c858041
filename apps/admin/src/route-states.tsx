import { useEffect } from 'react';
import { useRouteError } from 'react-router';

// What the back office shows while a screen's chunk loads and when a screen cannot be shown
// (docs/decisions/0214-back-office-split-by-route.md).

/** The first screen's chunk or the session on its way (a later screen keeps the previous one until it is there). */
export function Loading() {
  return (
    <p className="loading" role="status">
      読み込み中…
    </p>
  );
}

/**
 * A screen that cannot be shown: most often its chunk failed to load (the network, or a deploy
 * since the page was opened removed the old chunks), else an error while drawing it. Reloading
 * the page fetches the current build.
 */
export function RouteError() {
  const error = useRouteError();
  // Kept for whoever opens the console (the screen says what to do, not what broke).
  useEffect(() => console.error(error), [error]);
  return (
    <section className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title">画面を表示できませんでした</h1>
      <p>通信が切れたか、管理画面が更新された可能性があります。ページを再読み込みしてください。</p>
      <p>
        <button type="button" className="primary" onClick={() => window.location.reload()}>
          再読み込み
        </button>
      </p>
    </section>
  );
}
