// A PostgreSQL server of the fault test's own (its own data directory and port), so that the test can
// stop and start it without touching the machine's shared server. Uses the Debian server binaries
// (/usr/lib/postgresql/<major>/bin, package postgresql-15) or PG_BIN. PostgreSQL refuses to run as
// root: when this process is root, the binaries run as the `postgres` user (runuser).

import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

export function postgresBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base) ? readdirSync(base).filter((d) => existsSync(join(base, d, 'bin/initdb'))) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL server binaries not found: apt-get install -y postgresql-15 (or set PG_BIN)');
  return join(base, newest, 'bin');
}

export class OwnPostgres {
  readonly dataDir: string;
  readonly port: number;
  readonly bin: string;
  private readonly asRoot = process.getuid?.() === 0;

  constructor(dir: string, port: number) {
    this.dataDir = join(dir, 'data');
    this.port = port;
    this.bin = postgresBinDir();
  }

  private command(tool: string, args: string[]): [string, string[]] {
    return this.asRoot ? ['runuser', ['-u', 'postgres', '--', join(this.bin, tool), ...args]] : [join(this.bin, tool), args];
  }

  private run(tool: string, args: string[]): void {
    const result = spawnSync(...this.command(tool, args), { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }

  /** A fresh cluster (initdb), started. */
  async create(): Promise<void> {
    rmSync(this.dataDir, { recursive: true, force: true });
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    if (this.asRoot) {
      chmodSync(join(this.dataDir, '..'), 0o755);
      const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      chownSync(this.dataDir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
    }
    this.run('initdb', ['-D', this.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-instructions']);
    this.start();
  }

  start(): void {
    const options = `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
    this.run('pg_ctl', ['-D', this.dataDir, '-l', join(this.dataDir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  }

  /** Fast shutdown: open sessions are ended, nothing committed is lost. */
  stop(): void {
    this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop']);
  }

  /**
   * The same stop, without blocking this process while the server writes its shutdown checkpoint: the
   * applicants' calls go on being sent and timed meanwhile. Resolves once the server has stopped.
   */
  stopInBackground(): Promise<void> {
    const args = ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'];
    const child = spawn(...this.command('pg_ctl', args), { stdio: 'ignore' });
    return new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl ${args.join(' ')} failed (${code})`))));
    });
  }

  /** Stops the server if it runs; the data directory is removed. */
  destroy(): void {
    try {
      this.stop();
    } catch {
      // not running
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  url(database: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url('postgres') });
    await client.connect();
    try {
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }
}
