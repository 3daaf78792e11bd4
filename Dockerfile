# Production image: builds the workspaces, then runs the one server process (API, SPA, chat
# and background jobs). The same image serves every replica (docker-compose.yml, docs/DEPLOY.md).

# --- build: every dependency, the compiled server and the built SPA --------------------------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# The manifests first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY common/package.json common/
COPY server/package.json server/
# The demo seed is a workspace of the lockfile, so `npm ci` needs its manifest; the image never runs it.
COPY seed/package.json seed/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
# Then only the runtime dependencies stay (node_modules is copied to the final stage as it is).
# Every dependency of the seed is a devDependency of its workspace, so this prune also drops what
# only the seed uses (DiceBear's faces); nothing of seed/ is copied below.
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- runtime ----------------------------------------------------------------------------------------
FROM node:20-bookworm-slim
# tini is process 1: it forwards SIGTERM to node and reaps. The server re-raises the signal once it
# has drained (docs/DEPLOY.md), and a signal without a handler is ignored by process 1 itself.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/common/package.json ./common/
COPY --from=build /app/common/dist ./common/dist
COPY --from=build /app/server/package.json ./server/
COPY --from=build /app/server/dist ./server/dist
COPY --from=build /app/web/dist ./web/dist
# The server's render of the public pages (issue 20) and the fonts of their preview images.
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
COPY --from=build /app/server/assets ./server/assets
# DATA_DIR: photos when no S3_BUCKET is set, and the embedded database of a single container
# (ALLOW_EMBEDDED_DATABASE=true). Mount a volume here for either; with PostgreSQL and a bucket it stays empty.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Ready: the database and Redis answer and the process is not draining (GET /api/ready).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/dist/server/src/main.js"]
