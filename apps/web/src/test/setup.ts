import { afterEach, beforeEach } from 'vitest';
import { cleanup, fireEvent } from '@testing-library/react';
import { options } from 'preact';
import { mockApi, setUserAgent, userAgents } from './api-mock.ts';

// The web runs on preact/compat (docs/decisions/0172-preact-compat.md); two adaptations of the test
// tools to it, no change to what a test asserts:
// - Preact runs effects after the next frame (requestAnimationFrame, at most 35 ms later); React
//   runs them before Testing Library's async queries return. Here they run on the next task, so a
//   test reads what the page's effects did (a cleared session) as soon as the page is shown.
options.requestAnimationFrame = (flush) => void setTimeout(flush);
// - preact/compat listens for a text field's onChange on the 'input' event (what a browser fires as
//   the applicant types, React listens to both): fireEvent.change on a text field fires that event.
const isTextField = (element: unknown): boolean =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(element.type));
const fireChange = fireEvent.change;
fireEvent.change = (element, init) => (isTextField(element) ? fireEvent.input(element, init) : fireChange(element, init));

beforeEach(() => {
  // Every test starts on a recommended phone browser, against an API with no maintenance and no notices.
  setUserAgent(userAgents.iPhoneSafari);
  mockApi();
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
