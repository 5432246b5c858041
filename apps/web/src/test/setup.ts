import { afterEach, beforeEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { queryClient } from '../api/query-client.ts';
import { mockApi, setUserAgent, userAgents } from './api-mock.ts';

beforeEach(() => {
  // Every test starts on a recommended phone browser, against an API with no maintenance and no notices.
  setUserAgent(userAgents.iPhoneSafari);
  mockApi();
});

afterEach(() => {
  cleanup();
  // The page's one QueryClient (api/query-client.ts) outlives a test: each test starts with an empty cache.
  queryClient.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});
