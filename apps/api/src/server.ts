import { relaunchTuned } from './process-tuning.ts';

// The API process: tuned first (process-tuning.ts: this may replace the process before anything
// else is loaded), then started (boot.ts).
relaunchTuned();
await import('./boot.ts');
