import { act, useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useRestoredState } from './hydration.ts';

// useRestoredState while a prerendered page hydrates: the server's value first, then the tab's; an
// answer the applicant gave in between is kept (the landing notice's close, a /term answer).

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** Acknowledged (stored: false) and, in the same commit as the hydration, the applicant's tap (true). */
function Notice({ tapOnCommit, seen }: { tapOnCommit: boolean; seen: (value: boolean) => void }) {
  const [acknowledged, setAcknowledged] = useRestoredState(() => false, false);
  useLayoutEffect(() => {
    // A tap right after the hydration is on screen, before its passive effects have run.
    if (tapOnCommit) setAcknowledged(true);
  }, [tapOnCommit, setAcknowledged]);
  seen(acknowledged);
  return <p>{acknowledged ? 'closed' : 'open'}</p>;
}

/** A stored value (the tab's answers) that the server could not know. */
function Answers({ seen }: { seen: (value: string) => void }) {
  const [answer] = useRestoredState(() => 'yes', 'none');
  seen(answer);
  return <p>{answer}</p>;
}

async function hydrate(element: React.ReactElement): Promise<void> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  await act(async () => {
    root = hydrateRoot(container, element);
  });
}

describe('useRestoredState while hydrating', () => {
  it('keeps a change made right after the hydration commit: the stored value does not undo it', async () => {
    const values: boolean[] = [];
    await hydrate(<Notice tapOnCommit seen={(v) => values.push(v)} />);
    expect(values.at(-1)).toBe(true);
    expect(document.body.textContent).toBe('closed');
  });

  it('restores the stored value when nothing changed it', async () => {
    const values: string[] = [];
    await hydrate(<Answers seen={(v) => values.push(v)} />);
    // Hydrated as the server rendered it, then the tab's value.
    expect(values[0]).toBe('none');
    expect(values.at(-1)).toBe('yes');
    expect(document.body.textContent).toBe('yes');
  });
});
