import { tmpdir } from 'node:os';
import { join } from 'node:path';

// How an API process runs (docs/decisions/0180-api-process-tuning.md), set here once for every
// launcher (npm start, the cluster script, tests, the bench, a container's `node src/server.ts`):
// - V8's young generation capped at 2 × 8 MiB semi-spaces. Left alone, V8 sizes it from the machine's
//   memory (2 × 64 MiB here) and a burst of requests grows it to that, for good;
// - glibc malloc at 2 arenas instead of 8 per core (libuv's pool threads, the loading thread each
//   grew an arena of their own that stays), and blocks of 128 KiB and more mapped apart and given back
//   when freed: left dynamic, glibc raises that threshold after the first large free, and the
//   multi-megabyte buffers of a start (the postal load's SQL text) then stay in the heap for good;
// - WebAssembly compiled by Liftoff only, never tiered up by TurboFan: the kanji→kana analyser's
//   13 MB module (decision 0184) keeps 11–16 MiB less of optimised code for 118 µs a tokenisation
//   instead of 92 (a few calls per applicant); Node's own WebAssembly (the type stripper on a cold
//   start, undici's parser) runs in the same tier;
// - Node's on-disk compile cache, which also keeps the TypeScript already stripped: a warm start
//   neither loads the type stripper (17 MiB of WebAssembly) nor strips 600 files again.
// V8 reads its heap sizes and glibc its arena limit once, when the process starts, so they cannot
// be changed from inside: a process started without them replaces itself (process.execve: the same
// pid, the same stdio, the same signals) with one that has them, before loading anything else. An
// operator's own choice (a flag in NODE_OPTIONS or on the command line, the variable already set) wins.

/** Megabytes per semi-space of V8's young generation. */
export const semiSpaceMiB = 8;
/** glibc malloc's environment (read once, at start). */
const mallocEnv: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(128 * 1024) };

interface Relaunch {
  execArgv: string[];
  env: Record<string, string>;
}

/** What the current process lacks of the tuning, or null when it has it all (or chose otherwise). */
export function missingTuning(execArgv: readonly string[], env: NodeJS.ProcessEnv): Relaunch | null {
  const flags = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)];
  const add: Relaunch = { execArgv: [], env: {} };
  if (!flags.some((f) => f.startsWith('--max-semi-space-size'))) add.execArgv.push(`--max-semi-space-size=${semiSpaceMiB}`);
  if (!flags.some((f) => /^--(no-)?liftoff/.test(f) || f.startsWith('--wasm-tier'))) add.execArgv.push('--liftoff-only');
  for (const [name, value] of Object.entries(mallocEnv)) if (env[name] === undefined) add.env[name] = value;
  if (env.NODE_COMPILE_CACHE === undefined && env.NODE_DISABLE_COMPILE_CACHE === undefined) {
    add.env.NODE_COMPILE_CACHE = join(tmpdir(), 'node-compile-cache');
  }
  return add.execArgv.length || Object.keys(add.env).length ? add : null;
}

const underInspector = () => [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((f) => f.startsWith('--inspect'));

/**
 * Replaces this process with a tuned one when it is not tuned yet; returns when it is (or cannot be:
 * no process.execve on this platform, an IPC channel the new image would lose, or a debugger that
 * would lose the process it attached to).
 */
export function relaunchTuned(): void {
  const missing = missingTuning(process.execArgv, process.env);
  if (!missing || typeof process.execve !== 'function' || process.channel || underInspector()) return;
  process.execve(process.execPath, [process.execPath, ...missing.execArgv, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, ...missing.env });
}
