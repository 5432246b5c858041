import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const e2eDir = fileURLToPath(new URL('.', import.meta.url));
export const repoRoot = join(e2eDir, '..');
export const webDir = join(repoRoot, 'apps', 'web');
export const webDistDir = join(webDir, 'dist');
/** The server each worker starts; E2E_SERVER_ENTRY may point at another entry file. */
export const apiServer = process.env.E2E_SERVER_ENTRY ?? join(repoRoot, 'apps', 'api', 'src', 'server.ts');
/** The eKYC provider simulator each worker starts next to the API (fixtures.ts). */
export const ekycSimServer = join(repoRoot, 'apps', 'ekyc-sim', 'src', 'server.ts');
export const devIdpServer = join(repoRoot, 'apps', 'dev-idp', 'src', 'server.ts');
export const screenshotDir = join(e2eDir, 'screenshots');
/** Where global-setup.ts tells the workers the migrated SQLite template is (servers.ts copies it). */
export const sqliteTemplateEnv = 'E2E_SQLITE_TEMPLATE';

/**
 * The project's Node 24 (from the `node` package), whatever Node runs Playwright: the API
 * and the build rely on Node 24 (type stripping, node:sqlite).
 */
export const nodeBin = ((): string => {
  const projectNode = join(repoRoot, 'node_modules', '.bin', 'node');
  return existsSync(projectNode) ? projectNode : process.execPath;
})();
