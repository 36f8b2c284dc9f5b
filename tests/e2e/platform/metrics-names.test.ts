/**
 * The Grafana dashboard and the Prometheus alert rules the chart ships name only metrics the apps
 * produce: every metric in a PromQL expression of deploy/helm/ncs/dashboards/ncs.json (panels and
 * variables) and deploy/helm/ncs/rules/ncs-alerts.yaml is in a running stack's `/metrics` output,
 * but for the few that other exporters produce (NOT_OURS). A metric counts as produced when its
 * `# TYPE` line is there, so a histogram or a labelled counter nothing has recorded yet counts too;
 * `_bucket`, `_sum` and `_count` name their histogram.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { stack } from '../../support/stack.js';

const chart = join(import.meta.dirname, '..', '..', '..', 'deploy', 'helm', 'ncs');

/** Metrics the rules read that our apps do not produce, each with where it comes from. */
const NOT_OURS: Readonly<Record<string, string>> = {
  // Restarts are seen from outside the process: the cluster's kube-state-metrics counts them.
  kube_pod_container_status_restarts_total: 'kube-state-metrics',
};

/** Words of PromQL that look like a metric's name and are not. */
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * The metric names of a PromQL expression: identifiers that are not a function or aggregation
 * (followed by `(`), not a keyword, and not inside a string, a label matcher `{…}`, a range `[…]`
 * or a label list (`by (…)`, `without`, `on`, `ignoring`, `group_left`, `group_right`).
 */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/gi, ' ');
  const names = new Set<string>();
  for (const [, name] of bare.matchAll(/(?<![\w:.$])([a-zA-Z_:][\w:]*)(?![\w:])(?!\s*\()/g)) {
    if (!KEYWORDS.has(name!.toLowerCase())) names.add(name!);
  }
  return [...names];
}

/** Grafana's `label_values(<series>, <label>)`: the series is PromQL, the label is not a metric. */
function variableExpression(query: string): string {
  const labelValues = /^\s*label_values\((.*),\s*[\w]+\s*\)\s*$/s.exec(query);
  return labelValues ? labelValues[1]! : query;
}

interface Panel {
  readonly title?: string;
  readonly targets?: readonly { readonly expr?: string }[];
  readonly panels?: readonly Panel[];
}
interface Dashboard {
  readonly panels: readonly Panel[];
  readonly templating?: {
    readonly list: readonly {
      readonly name: string;
      readonly type: string;
      readonly query?: string | { readonly query?: string };
    }[];
  };
}
interface RuleFile {
  readonly groups: readonly {
    readonly rules: readonly { alert?: string; record?: string; expr: string }[];
  }[];
}

/** Every PromQL expression of the dashboard and of the rules, each with where it is. */
function expressions(): { where: string; expr: string }[] {
  const dashboard = JSON.parse(readFileSync(join(chart, 'dashboards', 'ncs.json'), 'utf8')) as Dashboard;
  const found: { where: string; expr: string }[] = [];
  const visit = (panel: Panel) => {
    for (const target of panel.targets ?? [])
      if (target.expr) found.push({ where: `dashboard panel "${panel.title}"`, expr: target.expr });
    for (const inner of panel.panels ?? []) visit(inner);
  };
  for (const panel of dashboard.panels) visit(panel);
  // Only a `query` variable asks Prometheus (a `datasource` variable's query is a plugin's name).
  for (const variable of dashboard.templating?.list ?? []) {
    if (variable.type !== 'query') continue;
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    if (query) found.push({ where: `dashboard variable $${variable.name}`, expr: variableExpression(query) });
  }
  const rules = parse(readFileSync(join(chart, 'rules', 'ncs-alerts.yaml'), 'utf8')) as RuleFile;
  for (const group of rules.groups)
    for (const rule of group.rules)
      found.push({ where: `rule ${rule.alert ?? rule.record}`, expr: rule.expr });
  return found;
}

/** The metrics a scrape declares (`# TYPE name kind`), by name. */
function declaredMetrics(text: string): Map<string, string> {
  const declared = new Map<string, string>();
  for (const [, name, kind] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) declared.set(name!, kind!);
  return declared;
}

/** Whether `name` is in the output: declared itself, or a series of a declared histogram or summary. */
function produced(name: string, declared: ReadonlyMap<string, string>): boolean {
  if (declared.has(name)) return true;
  const series = /^(.+)_(bucket|sum|count)$/.exec(name);
  if (!series) return false;
  const kind = declared.get(series[1]!);
  return kind === 'histogram' || (kind === 'summary' && series[2] !== 'bucket');
}

describe('metrics named by the dashboard and the alert rules', () => {
  it('reads the metric names out of PromQL', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.95, sum by (le, http_route) (rate(http_server_request_duration_seconds_bucket{job=~"$job", http_route!~".*/stream"}[$__rate_interval])))',
      ),
    ).toEqual(['http_server_request_duration_seconds_bucket']);
    expect(
      metricNamesOf(
        'max by (namespace, service) (ncs_outbox_lag_seconds) > 60 and on (namespace) up offset 5m unless absent(foo_total{a="b c"})',
      ),
    ).toEqual(['ncs_outbox_lag_seconds', 'up', 'foo_total']);
    expect(
      metricNamesOf('1 - sum(rate(a_bucket{le="0.5"}[1h])) / sum(rate(a_count[1h])) > (14.4 * 0.01)'),
    ).toEqual(['a_bucket', 'a_count']);
    expect(variableExpression('label_values(db_client_connection_max{namespace=~"$namespace"}, job)')).toBe(
      'db_client_connection_max{namespace=~"$namespace"}',
    );
  });

  it('are all in the running apps’ /metrics output, but for those listed as another exporter’s', async () => {
    const declared = new Map<string, string>();
    for (const [app, url] of Object.entries(stack().metricsUrls)) {
      const answer = await fetch(url);
      expect(answer.status, `${app} /metrics`).toBe(200);
      for (const [name, kind] of declaredMetrics(await answer.text())) declared.set(name, kind);
    }
    expect(Object.keys(stack().metricsUrls).sort()).toEqual(
      ['auth', 'gateway', 'knowledge-base', 'messaging', 'notifications'].sort(),
    );

    const named = expressions();
    expect(named.length).toBeGreaterThan(20);
    const missing: string[] = [];
    const usedExemptions = new Set<string>();
    for (const { where, expr } of named) {
      const names = metricNamesOf(expr);
      expect(names.length, `${where} names a metric: ${expr}`).toBeGreaterThan(0);
      for (const name of names) {
        if (Object.hasOwn(NOT_OURS, name)) usedExemptions.add(name);
        else if (!produced(name, declared)) missing.push(`${name} (${where})`);
      }
    }
    expect(missing, 'metrics no app produces').toEqual([]);
    // The list holds only what the rules still need.
    expect([...usedExemptions].sort()).toEqual(Object.keys(NOT_OURS).sort());
  });
});
