#!/usr/bin/env bash
# Helm checks of deploy/helm/ncs (issue #14 §6), run by .ci/run after the tests (not part of
# `npm test` and its time budget). Helm is built once from the Go module proxy (pinned version)
# into a cache directory and reused; then `helm lint --strict` and `helm template` run with the
# chart's defaults and with every option on (ncs/ci/all-on-values.yaml). Any error fails the run.
set -euo pipefail
HELM_VERSION=v3.20.2
here="$(cd "$(dirname "$0")" && pwd)"
chart="$here/ncs"
cache="${NCS_HELM_CACHE:-/tmp/helm-cache}"
helm="$cache/bin/helm"

if [ "$(cat "$cache/helm.version" 2>/dev/null)" != "$HELM_VERSION" ] || [ ! -x "$helm" ]; then
  command -v go >/dev/null || { echo "[helm] Go is needed to build helm (https://go.dev/dl/)" >&2; exit 2; }
  mkdir -p "$cache"
  started=$(date +%s)
  echo "[helm] building helm ${HELM_VERSION} from the Go module proxy ($(go env GOPROXY)) into $cache"
  GOFLAGS=-mod=mod GOBIN="$cache/bin" GOMODCACHE="$cache/gomod" GOCACHE="$cache/gocache" \
    go install "helm.sh/helm/v3/cmd/helm@${HELM_VERSION}"
  echo "$HELM_VERSION" > "$cache/helm.version"
  echo "[helm] built in $(( $(date +%s) - started )) s"
fi

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
echo "[helm] deploy/helm/ncs: lint and template passed (helm ${HELM_VERSION})"
