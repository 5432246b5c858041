import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// Staff passwords (docs/decisions/0111-staff-authentication.md): scrypt from node:crypto (memory-hard,
// maintained with Node, no native addon to build). Parameters follow OWASP's password storage
// cheat sheet (N=2^15, r=8, p=3: 32 MiB per hash) and travel with each hash, so raising them later
// only needs new hashes, not a migration:
//
//   scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>

// New hashes use the cost the configuration gives (config.ts `staffPasswordLogN`: 15 unless
// STAFF_PASSWORD_LOG_N lowers it for a test run, which production refuses): hundreds of sign-ins at
// ~290 ms a hash were minutes of `npm test`. Verification always reads the parameters from the hash.
const params = { r: 8, p: 3 } as const;
const keyLength = 32;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  if (!Number.isInteger(logN) || logN < 10 || logN > 20) throw new RangeError('scrypt cost (log2 N) must be an integer from 10 to 20');
  const salt = randomBytes(16);
  const hash = await derive(password, salt, logN, params.r, params.p);
  return ['scrypt', logN, params.r, params.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((n) => Number.isInteger(n) && n > 0) || logN > 20) return false;
  const expected = Buffer.from(parts[5]!, 'base64');
  const actual = await derive(password, Buffer.from(parts[4]!, 'base64'), logN, r, p);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A hash of nothing in particular: an unknown login id costs the same time as a wrong password. */
const dummyHashes = new Map<number, Promise<string>>();
export const spendPasswordTime = async (password: string, logN: number): Promise<void> => {
  let dummy = dummyHashes.get(logN);
  if (!dummy) dummyHashes.set(logN, (dummy = hashPassword(randomBytes(16).toString('hex'), logN)));
  await verifyPassword(password, await dummy);
};
