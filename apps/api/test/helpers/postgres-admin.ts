import pg from 'pg';

// The admin connection of the test PostgreSQL (trust auth on the project's machines and CI).
// TEST_POSTGRES_URL overrides it; the user is explicit because the environment may have no USER.

export const postgresAdminUrl = (): string => process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The URL of another database on the same server. */
export function postgresUrlFor(database: string): string {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: postgresAdminUrl(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query<R>(text, values);
  } finally {
    await client.end();
  }
}

export const quoteIdent = (name: string): string => {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  return `"${name}"`;
};
