import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { repoRoot } from '../../src/config.ts';

// The operations files as code (issue 36): the Prometheus rules (deploy/prometheus/), their promtool
// tests and the Grafana dashboard (deploy/grafana/), read the way the contract tests need them: every
// PromQL expression, and from those the koza_ metrics with the labels each one must carry.

export const rulesFile = `${repoRoot}/deploy/prometheus/koza-rules.yml`;
export const rulesTestFile = `${repoRoot}/deploy/prometheus/tests/koza-rules.test.yml`;
export const dashboardFile = `${repoRoot}/deploy/grafana/koza-operations.json`;

interface Rule {
  record?: string;
  alert?: string;
  expr: string;
  annotations?: Record<string, string>;
}

export function ruleGroups(): { name: string; rules: Rule[] }[] {
  return (parse(readFileSync(rulesFile, 'utf8')) as { groups: { name: string; rules: Rule[] }[] }).groups;
}

export const alertNames = (): string[] => ruleGroups().flatMap((g) => g.rules.flatMap((r) => (r.alert ? [r.alert] : [])));

/** Each promtool test case: the alert it evaluates and whether it expects it to fire. */
export function alertCases(): { alertname: string; fires: boolean }[] {
  const file = parse(readFileSync(rulesTestFile, 'utf8')) as { tests: { alert_rule_test?: { alertname: string; exp_alerts?: unknown[] }[] }[] };
  return file.tests.flatMap((t) => (t.alert_rule_test ?? []).map((c) => ({ alertname: c.alertname, fires: (c.exp_alerts ?? []).length > 0 })));
}

/** An expression with the label names it shows (legend, annotations) besides those in its PromQL. */
interface Query {
  expr: string;
  shown: string[];
}

const templateLabels = (text: string, pattern: RegExp): string[] => [...text.matchAll(pattern)].map((m) => m[1]!);

function ruleQueries(): Query[] {
  return ruleGroups().flatMap((g) =>
    g.rules.map((r) => ({ expr: r.expr, shown: templateLabels(Object.values(r.annotations ?? {}).join(' '), /\$labels\.(\w+)/g) })),
  );
}

function dashboardQueries(): Query[] {
  const dashboard = JSON.parse(readFileSync(dashboardFile, 'utf8')) as { panels: { targets?: { expr: string; legendFormat?: string }[] }[] };
  return dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ expr: t.expr, shown: templateLabels(t.legendFormat ?? '', /\{\{\s*(\w+)\s*\}\}/g) })));
}

/** Labels Prometheus adds at the scrape: never exported by the instance. */
const scrapeLabels = new Set(['instance', 'job']);

/**
 * Every koza_ metric the rules and the dashboard use, with the labels they need from it: those in its
 * selector's matchers, and those an expression aggregates by, copies (label_replace) or shows, which
 * every koza_ metric of that expression must carry unless the expression makes them itself.
 */
export function metricContract(source: 'rules' | 'dashboard'): Map<string, Set<string>> {
  const contract = new Map<string, Set<string>>();
  const need = (metric: string, labels: Iterable<string>) => {
    const set = contract.get(metric) ?? new Set<string>();
    for (const label of labels) if (!scrapeLabels.has(label)) set.add(label);
    contract.set(metric, set);
  };
  for (const { expr, shown } of source === 'rules' ? ruleQueries() : dashboardQueries()) {
    // label_replace(v, "dst", "replacement", "src", "regex"): dst is made here, src must exist.
    const replaced = [...expr.matchAll(/"(\w+)",\s*"[^"]*",\s*"(\w+)",\s*"[^"]*"\s*\)/g)];
    const made = new Set(replaced.map((m) => m[1]!));
    const grouped = [...expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) => m[1]!.split(',').map((l) => l.trim()));
    const spread = [...grouped, ...replaced.map((m) => m[2]!), ...shown].filter((l) => l !== '' && !made.has(l));
    // Metric names: not a recording rule's name (level:metric:operations) and not inside a string.
    const withoutStrings = expr.replace(/"[^"]*"/g, '""');
    for (const m of withoutStrings.matchAll(/(?<![\w:])(koza_\w+)(?![\w:])(\{([^}]*)\})?/g)) {
      const matchers = [...(m[3] ?? '').matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)].map((x) => x[1]!);
      need(m[1]!, [...matchers, ...spread]);
    }
  }
  return contract;
}

/** Metric name → the label names its samples carry, from Prometheus text format. */
export function exportedLabels(text: string): Map<string, Set<string>> {
  const exported = new Map<string, Set<string>>();
  for (const line of text.split('\n')) {
    const m = /^(\w+)(?:\{(.*)\})?\s/.exec(line);
    if (!m) continue;
    const set = exported.get(m[1]!) ?? new Set<string>();
    for (const label of (m[2] ?? '').matchAll(/(\w+)="/g)) set.add(label[1]!);
    exported.set(m[1]!, set);
  }
  return exported;
}
