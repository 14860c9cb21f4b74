# Alejandra Nails: production image (docs/deploy.md).
#
#   docker build -t alejandra-nails:$(git rev-parse --short HEAD) .
#
# Stage 1 installs every dependency (the build needs the dev ones: Vite, React Router's
# plugin, the font subsetter) and runs `npm run build`. Stage 2 installs the production
# dependencies alone. Stage 3, the image, takes the build and those dependencies, runs as
# the unprivileged `node` user and keeps its state in the /data volume.
#
# Node: the image's own Node 24. The `node` devDependency (the project's Node 24 for
# development) is a dev dependency, so it exists in the build stage only.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---- 1. build ---------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /src
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build

# ---- 2. production dependencies ----------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /src
ENV NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev

# ---- 3. runtime -------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime

# pg_dump / pg_restore for the backups of a PostgreSQL database (`npm run backup`). Its
# major version must be the server's: PostgreSQL 15 is Debian 12's, and compose.yaml runs
# postgres:15. Change both together.
RUN apt-get update \
 && apt-get install -y --no-install-recommends postgresql-client-15 \
 && rm -rf /var/lib/apt/lists/*

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_CACHE=/tmp/npm-cache

WORKDIR /app
# Owned by root and read-only for the server: it can write only to /data (and /tmp).
COPY --from=deps /src/node_modules ./node_modules
COPY --from=build /src/package.json /src/package-lock.json /src/server.ts ./
COPY --from=build /src/build ./build
# The command-line tools run from source (`npm run gestion:invitar`, `seed`,
# `facturas:verificar`, `backup`): scripts/ and the app modules they import.
COPY --from=build /src/scripts ./scripts
COPY --from=build /src/app ./app

RUN mkdir -p /data /backups && chown node:node /data /backups
VOLUME ["/data"]

USER node
EXPOSE 3000

# No curl in the slim image: Node's fetch. /healthz answers 200 once the database answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# SIGTERM: the primary tells each worker to finish its requests and its job, then exits
# (server/cluster.ts, server/main.ts); give it at least 20 s (compose: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server.ts"]
