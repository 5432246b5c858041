import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { z } from 'zod';

// Configuration of the simulator, read from environment variables once at start
// (DECISIONS.md §1). Outside production every value has a development default; in production a
// secret that is missing, too short or still equal to its development default stops the process.

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');

export type NodeEnv = 'development' | 'test' | 'production';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface SimConfig {
  readonly env: NodeEnv;
  readonly isProduction: boolean;
  readonly port: number;
  readonly host: string;
  /** Origin (and optional path prefix) the browser reaches the simulator at; session urls start with it. */
  readonly publicUrl: string;
  readonly apiKey: string;
  readonly webhookSecret: string;
  /** A file path, or ':memory:'. */
  readonly database: string;
  /** Delay between a submission and its result (0: the result is known when the browser is sent back). */
  readonly decisionDelayMs: number;
  readonly logLevel: LogLevel;
}

/** Public on purpose (they are in the repository and in the API's dev defaults): production refuses them. */
export const devDefaults = {
  EKYC_API_KEY: 'dev-ekyc-api-key',
  EKYC_WEBHOOK_SECRET: 'dev-ekyc-webhook-secret',
} as const;

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[], env: string) {
    super(
      `eKYC simulator configuration is not valid (NODE_ENV=${env}). Fix these environment variables and start again:\n` +
        problems.map((p) => `  - ${p}`).join('\n'),
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const minSecretLength = 16;

const httpUrl = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
  .transform((value) => value.replace(/\/+$/, ''));

export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): SimConfig {
  const problems: string[] = [];
  const rawEnv = env.NODE_ENV ?? 'development';
  const nodeEnv: NodeEnv | null = rawEnv === 'development' || rawEnv === 'test' || rawEnv === 'production' ? rawEnv : null;
  if (nodeEnv === null) problems.push(`NODE_ENV must be development, test or production, got "${rawEnv}"`);
  const isProduction = nodeEnv === 'production';

  const port = parsePort(env.PORT, problems);
  const host = env.HOST?.trim() || '0.0.0.0';

  const publicUrlRaw = env.PUBLIC_URL?.trim() || (isProduction ? '' : `http://localhost:${port}`);
  let publicUrl = '';
  if (!publicUrlRaw) problems.push('PUBLIC_URL is required in production (the address browsers reach the simulator at)');
  else {
    const parsed = httpUrl.safeParse(publicUrlRaw);
    if (parsed.success) publicUrl = parsed.data;
    else problems.push(`PUBLIC_URL must be an http(s) URL, got "${publicUrlRaw}"`);
  }

  const apiKey = secret('EKYC_API_KEY', env, isProduction, problems);
  const webhookSecret = secret('EKYC_WEBHOOK_SECRET', env, isProduction, problems);

  const database = env.SIM_DATABASE?.trim() || join(repoRoot, 'var/ekyc-sim.sqlite');

  let decisionDelayMs = 0;
  if (env.SIM_DECISION_DELAY_MS !== undefined && env.SIM_DECISION_DELAY_MS !== '') {
    const value = Number(env.SIM_DECISION_DELAY_MS);
    if (!Number.isInteger(value) || value < 0 || value > 600_000) {
      problems.push(`SIM_DECISION_DELAY_MS must be an integer between 0 and 600000, got "${env.SIM_DECISION_DELAY_MS}"`);
    } else decisionDelayMs = value;
  }

  const levels: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  const rawLevel = env.LOG_LEVEL ?? 'info';
  const logLevel = (levels as readonly string[]).includes(rawLevel) ? (rawLevel as LogLevel) : null;
  if (logLevel === null) problems.push(`LOG_LEVEL must be one of ${levels.join(', ')}, got "${rawLevel}"`);

  if (problems.length > 0 || nodeEnv === null || logLevel === null) throw new ConfigError(problems, rawEnv);
  return { env: nodeEnv, isProduction, port, host, publicUrl, apiKey, webhookSecret, database, decisionDelayMs, logLevel };
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw === '') return 3100;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be an integer between 0 and 65535, got "${raw}"`);
    return 3100;
  }
  return port;
}

function secret(name: keyof typeof devDefaults, env: Readonly<Record<string, string | undefined>>, isProduction: boolean, problems: string[]): string {
  const value = env[name];
  if (!isProduction) return value || devDefaults[name];
  if (!value) problems.push(`${name} is required in production`);
  else if (value === devDefaults[name]) problems.push(`${name} must not be the development default in production`);
  else if (value.length < minSecretLength) problems.push(`${name} must be at least ${minSecretLength} characters in production`);
  return value ?? '';
}
