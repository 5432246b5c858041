// Global styles first, so that component styles (CSS Modules) come after them in the bundle.
import './styles/global.css';
import 'virtual:bank-themes.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { getBank } from '@koza/domain/banks/banks';
import { preloadPageAt, Root } from './app/entry-shell.tsx';
import { resolveBankCode } from './lib/current-bank.ts';
import { readLandingAnswers } from './entry/landing-answers.tsx';
import { captureEarlyInput } from './lib/early-input.ts';

const bank = getBank(resolveBankCode());
// The bank's palette (virtual:bank-themes.css) follows this attribute; the API and the prerendered
// pages set it already, the Vite dev server does not.
document.documentElement.dataset.bank = bank.code;
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// A prerendered page (src/prerender.tsx) is marked on its root, with the query it was rendered for.
const prerendered = container.dataset.prerendered !== undefined;
const app = (
  <StrictMode>
    <Root bank={bank} landing={prerendered ? readLandingAnswers(document) : null} />
  </StrictMode>
);

if (!prerendered) {
  preloadPageAt(window.location.pathname);
  createRoot(container).render(app);
} else {
  // The page is readable already: hydrate in a transition, so React yields to the browser every few
  // milliseconds and no long task blocks the applicant's first tap. What the applicant has already
  // chosen in the page is read first: hydration would put the server's (empty) answers back.
  captureEarlyInput(container);
  startTransition(() => {
    hydrateRoot(container, app);
  });
}
