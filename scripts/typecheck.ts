// `npm run typecheck` (decision 0251): every TypeScript project of the repository, each checked by
// `tsc -p` with its incremental build info under node_modules/.cache/tsc/ (never committed: a fresh
// clone checks everything). A project whose last check passed and none of whose files changed since
// is not checked again: "its files" are every file its program read (the build info's list: its own
// sources, the other workspaces' sources it imports, the libraries' types), its configuration files
// and the workspaces' package.json files (their `exports` resolve imports). `tsc -b` alone would
// compare only the project's own sources, missing a change in a workspace it imports.
// `--force` checks every project.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every project, by its tsconfig.json (the workspaces', then the scripts'). */
const projects = ['packages/domain', 'data', 'apps/api', 'apps/ekyc-sim', 'apps/dev-idp', 'apps/web', 'apps/admin', 'e2e', 'scripts'];

/** Files whose change can change any project's result. */
const sharedInputs = ['tsconfig.base.json', 'package.json', ...projects.map((p) => `${p}/package.json`)];

const mtime = (path: string): number | undefined => (existsSync(path) ? statSync(path).mtimeMs : undefined);

/** Why the project needs a check, or undefined when its last passed check still holds. */
function staleReason(project: string): string | undefined {
  const configPath = join(root, project, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const buildInfo = config?.options.tsBuildInfoFile;
  if (config === undefined || buildInfo === undefined) return 'no incremental build info configured';
  const passed = mtime(`${buildInfo}.passed`);
  if (passed === undefined || mtime(buildInfo) === undefined) return 'no passed check yet';
  const info = JSON.parse(readFileSync(buildInfo, 'utf8')) as { fileNames?: string[] };
  const read = new Set((info.fileNames ?? []).map((name) => resolve(dirname(buildInfo), name)));
  const added = config.fileNames.find((name) => !read.has(resolve(name)));
  if (added !== undefined) return `new file ${added}`;
  const inputs = [configPath, ...sharedInputs.map((p) => join(root, p)), ...read];
  for (const input of inputs) {
    const changed = mtime(input);
    if (changed === undefined && read.has(input)) return `removed ${input}`;
    if (changed !== undefined && changed > passed) return `changed ${input}`;
  }
  return undefined;
}

function main(): void {
  const { values } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  let failed = false;
  for (const project of projects) {
    const reason = values.force ? 'forced' : staleReason(project);
    if (reason === undefined) {
      console.log(`${project}: unchanged since its last passed check`);
      continue;
    }
    const configPath = join(root, project, 'tsconfig.json');
    const buildInfo = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })?.options
      .tsBuildInfoFile;
    const marker = buildInfo === undefined ? undefined : `${buildInfo}.passed`;
    if (marker !== undefined) rmSync(marker, { force: true });
    console.log(`${project}: checking (${reason.replace(`${root}/`, '')})`);
    const started = Date.now();
    const run = spawnSync(process.execPath, [tsc, '-p', configPath], { stdio: 'inherit' });
    if (run.status === 0) {
      // Dated at the check's start: a file saved while tsc ran is newer, so the next run checks it.
      if (marker !== undefined) {
        writeFileSync(marker, `${new Date(started).toISOString()}\n`);
        utimesSync(marker, started / 1000, started / 1000);
      }
    } else failed = true;
  }
  process.exitCode = failed ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
