#!/usr/bin/env bash
# Prints the path of a helm binary of the pinned version, building it once from the Go module proxy
# into a cache directory (NCS_HELM_CACHE, default /tmp/helm-cache) when it is not there yet. Used by
# check.sh and by the test that starts every app with the chart's environment. Build output goes to
# stderr, so stdout is only the path.
set -euo pipefail
HELM_VERSION=v3.20.2
cache="${NCS_HELM_CACHE:-/tmp/helm-cache}"
helm="$cache/bin/helm"

if [ "$(cat "$cache/helm.version" 2>/dev/null)" != "$HELM_VERSION" ] || [ ! -x "$helm" ]; then
  command -v go >/dev/null || { echo "[helm] Go is needed to build helm (https://go.dev/dl/)" >&2; exit 2; }
  mkdir -p "$cache"
  started=$(date +%s)
  echo "[helm] building helm ${HELM_VERSION} from the Go module proxy ($(go env GOPROXY)) into $cache" >&2
  GOFLAGS=-mod=mod GOBIN="$cache/bin" GOMODCACHE="$cache/gomod" GOCACHE="$cache/gocache" \
    go install "helm.sh/helm/v3/cmd/helm@${HELM_VERSION}" >&2
  echo "$HELM_VERSION" > "$cache/helm.version"
  echo "[helm] built in $(( $(date +%s) - started )) s" >&2
fi
echo "$helm"
