// `npm run sbom` (decision 0225): the software bill of materials of what ships, as CycloneDX JSON —
// `npm sbom --sbom-format cyclonedx` over the workspaces that run in production, every package with its
// version, purl, licence and integrity hash, kept to the production dependencies the licence check
// reads (`npm ls --omit dev`: `npm sbom --omit dev` itself drops production packages that a development
// tool also uses, npm/cli#7909). Written to var/sbom/koza.cdx.json, or to `--out FILE`. The bank's
// vendor-risk review asks for it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { shippedPackages, shippedWorkspaces } from './licences.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = resolve(values.out ?? join(root, 'var/sbom/koza.cdx.json'));

const workspaces = shippedWorkspaces.flatMap((w) => ['-w', w]);
const sbom = spawnSync('npm', ['sbom', '--sbom-format', 'cyclonedx', ...workspaces], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
if (sbom.status !== 0) {
  console.error(`npm sbom failed:\n${sbom.stderr}`);
  process.exit(1);
}
interface Bom {
  metadata: { component: { name: string; 'bom-ref': string } };
  components: { 'bom-ref': string }[];
  dependencies: { ref: string; dependsOn?: string[] }[];
}
const bom = JSON.parse(sbom.stdout) as Bom;
// Production only: the shipped packages and the project's own workspaces.
const shipped = shippedPackages(root, shippedWorkspaces);
const ours = (ref: string) => shippedWorkspaces.some((w) => ref.startsWith(`${w}@`));
const keep = (ref: string) => shipped.has(ref) || ours(ref);
bom.components = bom.components.filter((c) => keep(c['bom-ref']));
const rootRef = bom.metadata.component['bom-ref'];
bom.dependencies = bom.dependencies.filter((d) => keep(d.ref)).map((d) => ({ ...d, dependsOn: d.dependsOn?.filter(keep) }));
// The product depends on its shipped workspaces.
bom.dependencies.unshift({ ref: rootRef, dependsOn: bom.components.map((c) => c['bom-ref']).filter(ours) });
// npm names the root after its folder; the product is the root package.
bom.metadata.component.name = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string }).name;
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(bom, null, 2)}\n`);
console.log(`SBOM (CycloneDX) written: ${out} (${bom.components.length} components)`);
