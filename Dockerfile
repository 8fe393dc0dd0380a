# Nomos in a container: the server and its web UI on port 8080, the database on the /data volume.
#
#   docker build -t nomos .
#   docker run -d --name nomos -p 8080:8080 -v nomos-data:/data nomos
#
# NODE_IMAGE is any Debian-based Node 22 (or later) image with npm; CI builds one from
# Debian's packages and the npm registry (.ci/container.sh) and passes it here.
ARG NODE_IMAGE=node:22-bookworm-slim

# --- deps: every npm package, with better-sqlite3 built for this image's Node ---
FROM ${NODE_IMAGE} AS deps
# better-sqlite3 is native: where no prebuilt binary can be downloaded, node-gyp compiles it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Only the package files, so that this layer (the slow one) is rebuilt only when they change.
COPY package.json package-lock.json ./
# node-gyp compiles against the image's own Node headers when it has them, instead of
# downloading them; its output stays in the build's log (--foreground-scripts).
RUN if [ -f /usr/local/include/node/common.gypi ]; then export npm_config_nodedir=/usr/local; fi \
 && npm ci --no-audit --no-fund --no-update-notifier --foreground-scripts

# --- build: the TypeScript compiled, the guest runtime, the CLI's bundle and the web bundle (dist/) ---
FROM deps AS build
COPY tsconfig*.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build && chmod 755 dist/cli/main.js

# --- prod-deps: the run-time packages only; depends on the package files alone, so cached like deps ---
FROM deps AS prod-deps
# Then what compiling better-sqlite3 left behind (its sources, objects, the static SQLite
# library): only build/Release/better_sqlite3.node is loaded.
RUN npm prune --omit=dev --no-audit --no-fund \
 && cd node_modules/better-sqlite3 \
 && rm -rf deps src build/deps build/Release/obj build/Release/obj.target build/Release/.deps build/Release/sqlite3.a build/Release/test_extension.node

# --- the image that runs ---
FROM ${NODE_IMAGE}
LABEL org.opencontainers.image.title="Nomos" \
      org.opencontainers.image.description="A server for playing Nomic, the game in which changing the rules is a move" \
      org.opencontainers.image.licenses="MIT"
# A user of its own with a fixed id, so that a bind-mounted /data can be given to it (chown 10001);
# and `nomos` on the PATH, for `docker exec <container> nomos ...`.
RUN groupadd --system --gid 10001 nomos \
 && useradd --system --uid 10001 --gid nomos --home-dir /data --no-create-home --shell /usr/sbin/nologin nomos \
 && mkdir /data && chown nomos:nomos /data \
 && ln -s /app/dist/cli/main.js /usr/local/bin/nomos
WORKDIR /app
# Read at run time besides dist/: package.json (the package's root, "type": "module"), the
# presets' texts and code (src/rulesets) and the rule API that rule code is checked against (src/rule-api).
COPY package.json LICENSE ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY src/rulesets ./src/rulesets
COPY src/rule-api ./src/rule-api
COPY --from=build /app/dist ./dist

# nomos reads these as its defaults: `docker exec <container> nomos state` works on the served
# database with no --db. Set PORT to listen elsewhere (the health check follows it).
ENV NOMOS_DB=/data/nomos.db \
    HOST=0.0.0.0 \
    PORT=8080
USER nomos
VOLUME /data
EXPOSE 8080
# /readyz: the database answers and the server is not stopping (/healthz would say only that
# the process is up, even with its volume gone bad).
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server finishes what is in flight, closes the database and exits 0 on SIGTERM (docker
# stop's signal), within 10 s (plus NOMOS_DRAIN_DELAY, if set).
STOPSIGNAL SIGTERM
ENTRYPOINT ["nomos"]
CMD ["serve"]
