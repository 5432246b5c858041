import { describe, expect, it, vi } from 'vitest';
import { ekycPolling } from '@koza/domain/constants';
import { nextPollingStep, pollEkycStatus } from './ekyc-polling.ts';

const answer = (status: number, supplementRequired = false) => ({ status, supplementRequired });

/** A fake timer that records the waits and returns at once. */
function fakeSleep() {
  const waits: number[] = [];
  return { waits, sleep: vi.fn(async (ms: number) => void waits.push(ms)) };
}

describe('nextPollingStep', () => {
  it('banker processing goes to /redirect, or to /supplement when a supplement is required', () => {
    expect(nextPollingStep(answer(4), 1)).toEqual({ kind: 'done', to: 'next' });
    expect(nextPollingStep(answer(4, true), 1)).toEqual({ kind: 'done', to: 'supplementRequired' });
  });
  it('in progress waits, except on the last try', () => {
    expect(nextPollingStep(answer(1), 1)).toEqual({ kind: 'wait' });
    expect(nextPollingStep(answer(2), ekycPolling.maxTries - 1)).toEqual({ kind: 'wait' });
    expect(nextPollingStep(answer(2), ekycPolling.maxTries)).toEqual({ kind: 'done', to: 'ekycFailed' });
  });
  it.each([8, 9, 3, 0])('status %i goes to /ekyc-error', (status) => {
    expect(nextPollingStep(answer(status), 1)).toEqual({ kind: 'done', to: 'ekycFailed' });
  });
  it('a failed call goes to /ekyc-error', () => {
    expect(nextPollingStep(null, 1)).toEqual({ kind: 'done', to: 'ekycFailed' });
  });
});

describe('pollEkycStatus', () => {
  it('calls at once and goes to /redirect on 4 without waiting', async () => {
    const timer = fakeSleep();
    const fetchStatus = vi.fn().mockResolvedValue(answer(4));
    await expect(pollEkycStatus({ fetchStatus, sleep: timer.sleep })).resolves.toEqual({ to: 'next', tries: 1 });
    expect(timer.waits).toEqual([]);
  });

  it('waits 5 s between tries and goes to /supplement on 4 with a supplement', async () => {
    const timer = fakeSleep();
    const fetchStatus = vi.fn().mockResolvedValueOnce(answer(1)).mockResolvedValueOnce(answer(2)).mockResolvedValueOnce(answer(4, true));
    await expect(pollEkycStatus({ fetchStatus, sleep: timer.sleep })).resolves.toEqual({ to: 'supplementRequired', tries: 3 });
    expect(timer.waits).toEqual([ekycPolling.intervalMs, ekycPolling.intervalMs]);
    expect(ekycPolling.intervalMs).toBe(5000);
  });

  it('goes to /ekyc-error on 8', async () => {
    const timer = fakeSleep();
    const fetchStatus = vi.fn().mockResolvedValueOnce(answer(2)).mockResolvedValueOnce(answer(8));
    await expect(pollEkycStatus({ fetchStatus, sleep: timer.sleep })).resolves.toEqual({ to: 'ekycFailed', tries: 2 });
  });

  it('gives up after 12 tries (11 waits) with /ekyc-error', async () => {
    const timer = fakeSleep();
    const fetchStatus = vi.fn().mockResolvedValue(answer(2));
    await expect(pollEkycStatus({ fetchStatus, sleep: timer.sleep })).resolves.toEqual({ to: 'ekycFailed', tries: 12 });
    expect(fetchStatus).toHaveBeenCalledTimes(12);
    expect(timer.waits).toHaveLength(11);
  });

  it('a failed call ends with /ekyc-error and the error', async () => {
    const timer = fakeSleep();
    const failure = new Error('network');
    const fetchStatus = vi.fn().mockResolvedValueOnce(answer(1)).mockRejectedValueOnce(failure);
    await expect(pollEkycStatus({ fetchStatus, sleep: timer.sleep })).resolves.toEqual({ to: 'ekycFailed', tries: 2, error: failure });
  });

  it('stops without a decision when aborted', async () => {
    const controller = new AbortController();
    const fetchStatus = vi.fn().mockResolvedValue(answer(1));
    const sleep = vi.fn(async () => controller.abort());
    await expect(pollEkycStatus({ fetchStatus, sleep, signal: controller.signal })).resolves.toBeNull();
    expect(fetchStatus).toHaveBeenCalledTimes(1);
  });
});
