import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// What a screen shows after an answer arrives is waited for up to 5 s, not the library's 1 s: the
// suite runs two files at once on a 2-core machine, where a render can wait on the other core.
configure({ asyncUtilTimeout: 5000 });
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
