// A job every API instance ticks (the retention job, the hand-over exporter): a first tick after
// `firstAfterMs`, then every `everyMs`; a tick while the previous run still runs is skipped. A failure is
// logged and tried again at the next tick; it never stops the API. Which instance does the run is the
// job's own business (its job_runs claim).

export interface TickingJob {
  /** Resolves when a run in progress has finished. */
  stop(): Promise<void>;
}

export function startTickingJob<T>(
  run: () => Promise<T>,
  timing: { firstAfterMs: number; everyMs: number },
  on: { result: (result: T) => void; error: (error: unknown) => void },
): TickingJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .then(on.result)
      .catch(on.error)
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(tick, timing.firstAfterMs);
  const timer = setInterval(tick, timing.everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
