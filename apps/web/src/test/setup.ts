import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { mockApi, setUserAgent, userAgents } from './api-mock.ts';

beforeEach(() => {
  // Every test starts on a recommended phone browser, against an API with no maintenance and no notices.
  setUserAgent(userAgents.iPhoneSafari);
  mockApi();
});

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});
