# syntax=docker/dockerfile:1
# One build of the whole monorepo, one small image per app:
#   docker build --target gateway -t ncs/gateway .
# (targets: gateway, auth, messaging, knowledge-base, notifications). Each image runs
#   node --max-semi-space-size=4 --v8-pool-size=1 --max-old-space-size=128 --no-allocation-site-pretenuring --import ./dist/instrument.js ./dist/main.js
# in apps/<app>, as a non-root user, configured by environment only (see docker-compose.yml).

ARG NODE_IMAGE=node:24-bookworm-slim

# --- Only the manifests, so the dependency layers are rebuilt when dependencies change, not code.
# A new workspace package needs its package.json line here.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /repo
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY packages/local-infra/package.json packages/local-infra/
COPY apps/gateway/package.json apps/gateway/
COPY apps/auth/package.json apps/auth/
COPY apps/messaging/package.json apps/messaging/
COPY apps/knowledge-base/package.json apps/knowledge-base/
COPY apps/notifications/package.json apps/notifications/

# --- Everything, built once.
FROM ${NODE_IMAGE} AS build
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1 NEXT_TELEMETRY_DISABLED=1
WORKDIR /repo
COPY --from=manifests /repo/ ./
# `npm install` (locked versions) rather than `npm ci`: see scripts/prepare.mjs on turbo's optional binaries.
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund
COPY . .
RUN npx turbo run build
# Collect only the build output (dist/) of every workspace, for the runtime images.
RUN set -eu; \
    for dir in packages/* apps/*; do \
      if [ -d "$dir/dist" ]; then mkdir -p "/out/$dir" && cp -R "$dir/dist" "/out/$dir/dist"; fi; \
    done

# --- Production dependencies only (root and nested node_modules), shared by every app image.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /repo
COPY --from=manifests /repo/ ./
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund

# --- What every app image has: Node, production dependencies, the built workspace packages.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
# Manifests and node_modules (workspace packages are symlinks into packages/ and apps/).
COPY --from=prod-deps /repo/ ./
COPY --from=build /out/packages/ ./packages/
# Files stay owned by root: the app only reads them.
USER node
# Node's flags as packages/local-infra's NODE_FLAGS (memory).
CMD ["node", "--max-semi-space-size=4", "--v8-pool-size=1", "--max-old-space-size=128", "--no-allocation-site-pretenuring", "--import", "./dist/instrument.js", "./dist/main.js"]

FROM runtime AS gateway
COPY --from=build /out/apps/gateway/ /app/apps/gateway/
WORKDIR /app/apps/gateway
EXPOSE 8080

FROM runtime AS auth
COPY --from=build /out/apps/auth/ /app/apps/auth/
WORKDIR /app/apps/auth

FROM runtime AS messaging
COPY --from=build /out/apps/messaging/ /app/apps/messaging/
WORKDIR /app/apps/messaging

FROM runtime AS knowledge-base
COPY --from=build /out/apps/knowledge-base/ /app/apps/knowledge-base/
WORKDIR /app/apps/knowledge-base

FROM runtime AS notifications
COPY --from=build /out/apps/notifications/ /app/apps/notifications/
WORKDIR /app/apps/notifications
