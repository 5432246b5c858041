// `npm run licences` (part of `npm run lint`, so CI runs it; decision 0225): every package that ships —
// the production dependencies of the workspaces that run in production, found with
// `npm ls --all --json --long --omit dev` — must carry a licence (the `license` field of its
// package.json, an SPDX id or expression) that licences.allowed.json allows. A licence not allowed, or
// none, fails with the package's name, version and path. The project's own workspaces are not checked. `--root DIR` checks another project (tests); `--allow FILE` another allow-list.
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

/** The workspaces whose code runs in production (the e2e tests and the eKYC simulator do not ship). */
export const shippedWorkspaces = ['@koza/api', '@koza/web', '@koza/admin', '@koza/domain', '@koza/data'];

interface LsNode {
  version?: string;
  path?: string;
  dependencies?: Record<string, LsNode>;
}

/**
 * Whether an SPDX licence expression is allowed: `A OR B` when either is, `A AND B` when both are,
 * parentheses, `X WITH exception` judged by X. Operators in any case (package.json files write "and").
 */
export function licenceAllowed(expression: string, allowed: ReadonlySet<string>): boolean {
  const tokens = expression.replace(/[()]/g, ' $& ').trim().split(/\s+/);
  let i = 0;
  const primary = (): boolean => {
    const token = tokens[i++];
    if (token === '(') {
      const value = or();
      i++; // ')'
      return value;
    }
    const id = token ?? '';
    if (tokens[i]?.toUpperCase() === 'WITH') i += 2;
    return allowed.has(id.replace(/\+$/, '-or-later'));
  };
  const and = (): boolean => {
    let value = primary();
    while (tokens[i]?.toUpperCase() === 'AND') {
      i++;
      value = primary() && value;
    }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (tokens[i]?.toUpperCase() === 'OR') {
      i++;
      value = and() || value;
    }
    return value;
  };
  return or() && i === tokens.length;
}

/** The licence a package's package.json declares (`license`, or the old `licenses` array), or null. */
function declaredLicence(packageDir: string): string | null {
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    license?: string | { type?: string };
    licenses?: { type?: string }[];
  };
  if (typeof pkg.license === 'string' && pkg.license.trim() !== '') return pkg.license.trim();
  if (typeof pkg.license === 'object' && pkg.license?.type) return pkg.license.type;
  const old = (pkg.licenses ?? []).flatMap((l) => (l.type ? [l.type] : []));
  return old.length ? old.join(' OR ') : null;
}

/**
 * The packages that ship, `name@version` → their folder: `npm ls --all --json --long --omit dev` of
 * `workspaces` (all of the project at `root` when empty). Not `npm sbom --omit dev`, which also drops a
 * production package that a development tool depends on too (npm/cli#7909). Without the project's own
 * workspaces, which are linked from their folders instead of installed under node_modules.
 */
export function shippedPackages(root: string, workspaces: readonly string[]): Map<string, string> {
  const args = workspaces.flatMap((w) => ['-w', w]);
  const ls = spawnSync('npm', ['ls', '--all', '--json', '--long', '--omit', 'dev', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (!ls.stdout) throw new Error(`npm ls failed: ${ls.stderr}`);
  const packages = new Map<string, string>();
  const walk = (deps: Record<string, LsNode> | undefined) => {
    for (const [name, node] of Object.entries(deps ?? {})) {
      const key = `${name}@${node.version ?? '?'}`;
      if (packages.has(key)) continue;
      if (node.path && realpathSync(node.path).includes('/node_modules/')) packages.set(key, node.path);
      walk(node.dependencies);
    }
  };
  walk((JSON.parse(ls.stdout) as LsNode).dependencies);
  return packages;
}

function main(): void {
  const { values } = parseArgs({ options: { root: { type: 'string' }, allow: { type: 'string' } } });
  const root = values.root ?? fileURLToPath(new URL('..', import.meta.url));
  const allowFile = values.allow ?? join(root, 'licences.allowed.json');
  const allowed = new Set((JSON.parse(readFileSync(allowFile, 'utf8')) as { allowed: string[] }).allowed);
  const packages = shippedPackages(root, values.root ? [] : shippedWorkspaces);
  const refused: string[] = [];
  for (const [key, path] of [...packages].sort(([a], [b]) => a.localeCompare(b))) {
    const licence = declaredLicence(path);
    if (licence === null) refused.push(`${key}: no licence declared (${path})`);
    else if (!licenceAllowed(licence, allowed)) refused.push(`${key}: ${licence} is not in ${allowFile} (${path})`);
  }
  if (refused.length) {
    console.error(`Licence check failed: ${refused.length} of ${packages.size} shipped packages\n  ${refused.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Licence check: ${packages.size} shipped packages, every licence allowed (${allowFile}).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
