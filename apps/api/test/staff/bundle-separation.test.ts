import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from '../../src/config.ts';

// No staff code ships to applicants (issue 14): the applicant web imports nothing of the back office.

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

it('the applicant web imports no back-office module and calls no /api/admin route', () => {
  const files = sources(join(repoRoot, 'apps', 'web', 'src'));
  expect(files.length).toBeGreaterThan(20);
  const offending = files.filter((file) => /@koza\/domain\/(admin\/|api\/admin)|apps\/admin|@koza\/admin|\/api\/admin/.test(readFileSync(file, 'utf8')));
  expect(offending).toEqual([]);
});
