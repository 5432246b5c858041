// How a server-rendered page starts its JavaScript (issue 34, docs/decisions/0218-app-starts-after-the-first-paint.md):
// the entry pages arrive readable (the landing modal with the bank's notices is in the HTML), so the
// app's scripts are not fetched while the browser still paints them. This small inline script, the
// last thing in the page's body (it runs once the stylesheet is there), waits until the browser has
// painted the page's largest text (the largest-contentful-paint entry, where the browser reports
// one; else the first frame) and only then adds the module preloads and the app's entry module named
// in its data attributes. A background tab, which paints nothing, starts after a second instead. The
// text is fixed (the page's own scripts are in the attributes), so the API allows exactly it in its
// Content-Security-Policy by its SHA-256 (plugins/security-headers.ts); the web's prerender writes
// it (apps/web/src/prerender.tsx).

/** The inline script's text: ES5 syntax, so an old browser reaches the "not supported" notice of the app. */
export const entryStartScript =
  '(function(){var s=document.currentScript,d=s.dataset,started=false;' +
  'function start(){if(started)return;started=true;' +
  "(d.preload||'').split(' ').forEach(function(h){if(!h)return;var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)});" +
  "var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=d.entry;document.head.appendChild(m)}" +
  'var P=window.PerformanceObserver,types=(P&&P.supportedEntryTypes)||[];' +
  "if(types.indexOf('largest-contentful-paint')>=0){new P(function(l,o){o.disconnect();setTimeout(start,0)}).observe({type:'largest-contentful-paint',buffered:true})}" +
  'else{requestAnimationFrame(function(){setTimeout(start,0)})}' +
  'setTimeout(start,1000)})()';
