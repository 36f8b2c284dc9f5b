#!/usr/bin/env bash
# Helm checks of deploy/helm/ncs, run by .ci/run before the tests (not part of `npm test` and its
# time budget). Helm comes from helm.sh (pinned, built once and cached); then `helm lint --strict`
# and `helm template` run with the chart's defaults and with every option on
# (ncs/ci/all-on-values.yaml). Any error fails the run. Whether each app starts with the rendered
# environment is a test of `npm test` (tests/e2e/platform/chart-environment.test.ts).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
chart="$here/ncs"
helm="$("$here/helm.sh")"

"$helm" lint --strict "$chart"
"$helm" lint --strict "$chart" -f "$chart/ci/all-on-values.yaml"
"$helm" template ncs "$chart" > /dev/null
rendered="$("$helm" template ncs "$chart" -f "$chart/ci/all-on-values.yaml")"

# Every app has each of its objects, and no Secret is ever rendered (references only).
for kind in Deployment Service HorizontalPodAutoscaler PodDisruptionBudget; do
  count=$(grep -c "^kind: ${kind}\$" <<< "$rendered" || true)
  if [ "$count" != 5 ]; then
    echo "[helm] expected 5 objects of kind ${kind}, rendered ${count}" >&2
    exit 1
  fi
done
# Metrics: every app's container and Service name a `metrics` port; with every option on, one
# ServiceMonitor, one PrometheusRule and the dashboard's ConfigMap (off by default).
if [ "$(grep -c -- '- name: metrics$' <<< "$rendered")" != 10 ]; then
  echo "[helm] every app needs a metrics port on its container and its Service" >&2
  exit 1
fi
for kind in ServiceMonitor PrometheusRule ConfigMap; do
  if [ "$(grep -c "^kind: ${kind}\$" <<< "$rendered" || true)" != 1 ]; then
    echo "[helm] expected one ${kind} with every option on" >&2
    exit 1
  fi
  if grep -q "^kind: ${kind}\$" <<< "$("$helm" template ncs "$chart")"; then
    echo "[helm] ${kind} must be off by default" >&2
    exit 1
  fi
done
if grep -q '^kind: Secret$' <<< "$rendered"; then
  echo "[helm] the chart must not render a Secret (secrets come from references)" >&2
  exit 1
fi
for path in /health /ready; do
  if [ "$(grep -c "path: ${path}\$" <<< "$rendered")" -lt 5 ]; then
    echo "[helm] every app needs a probe on ${path}" >&2
    exit 1
  fi
done
echo "[helm] deploy/helm/ncs: lint and template passed (helm $("$helm" version --template "{{.Version}}"))"
