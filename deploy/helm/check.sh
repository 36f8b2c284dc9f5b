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
