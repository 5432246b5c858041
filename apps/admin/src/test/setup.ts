import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// What a screen shows after an answer arrives is waited for up to 5 s, not the library's 1 s: the
// suite runs two files at once on a 2-core machine, where a render can wait on the other core.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.history.replaceState(null, '', '/');
});
