import { ekycPolling, ekycStatus } from '@koza/domain/constants';
import type { FlowExit } from '@koza/domain/flows';
import type { EkycStatusAnswer } from '../../api/ekyc.ts';

// The eKYC status polling of SPEC.md §4 as a pure state machine (DECISIONS.md §6): the first call
// at once, then one every ekycPolling.intervalMs, at most ekycPolling.maxTries calls.

/** How the polling ends: the flow's next page (completion), or one of the flow's exits (flows.ts). */
export type PollingTarget = 'next' | Extract<FlowExit, 'supplementRequired' | 'ekycFailed'>;

/** What one answer (or a failed call) means: keep waiting, or go somewhere. */
export type PollingStep = { kind: 'wait' } | { kind: 'done'; to: PollingTarget };

/**
 * One answer, on try `tryNumber` (1-based): banker processing (4) → supplementRequired when a
 * supplement is required, else next (completion); in progress (1, 2) → wait, unless it was the last
 * try; anything else (8 rejected, 9 expired, unknown) → ekycFailed. A failed call (`answer` null) → ekycFailed.
 */
export function nextPollingStep(answer: EkycStatusAnswer | null, tryNumber: number, maxTries: number = ekycPolling.maxTries): PollingStep {
  if (answer === null) return { kind: 'done', to: 'ekycFailed' };
  if (answer.status === ekycStatus.BANKER_PROCESSING) return { kind: 'done', to: answer.supplementRequired ? 'supplementRequired' : 'next' };
  if (!ekycPolling.inProgress.includes(answer.status)) return { kind: 'done', to: 'ekycFailed' };
  return tryNumber >= maxTries ? { kind: 'done', to: 'ekycFailed' } : { kind: 'wait' };
}

export interface PollingDeps {
  /** One POST /api/ekyc/status. */
  fetchStatus: () => Promise<EkycStatusAnswer>;
  /** Waits `ms` (a timer in the app, a fake in tests); rejects or resolves early when aborted. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  intervalMs?: number;
  maxTries?: number;
  signal?: AbortSignal;
}

export interface PollingResult {
  to: PollingTarget;
  tries: number;
  /** The error of a failed call, when that ended the polling. */
  error?: unknown;
}

/** Polls until a decision; resolves with the page to go to (or null when aborted). */
export async function pollEkycStatus({
  fetchStatus,
  sleep,
  intervalMs = ekycPolling.intervalMs,
  maxTries = ekycPolling.maxTries,
  signal,
}: PollingDeps): Promise<PollingResult | null> {
  for (let tryNumber = 1; ; tryNumber++) {
    if (signal?.aborted) return null;
    let answer: EkycStatusAnswer | null;
    let error: unknown;
    try {
      answer = await fetchStatus();
    } catch (cause) {
      answer = null;
      error = cause;
    }
    if (signal?.aborted) return null;
    const step = nextPollingStep(answer, tryNumber, maxTries);
    if (step.kind === 'done') return error === undefined ? { to: step.to, tries: tryNumber } : { to: step.to, tries: tryNumber, error };
    await sleep(intervalMs, signal);
  }
}

/** The app's timer: setTimeout, cut short by the abort signal. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
