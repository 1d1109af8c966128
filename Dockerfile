# ActionGate service image: multi-stage, runs as a non-root user, node itself as PID 1
# (`node packages/server/start.mjs`, not `npm start`, so SIGTERM reaches the server and it
# drains and syncs before exiting).
#
#   docker build -t actiongate .
#   docker run -p 8080:8080 -v actiongate-data:/data actiongate

# --- build: full install (the console's bundler), then bundle the server and prune to production
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source where no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages ./packages
ENV npm_config_fund=false npm_config_audit=false
# postinstall builds the console (packages/console/dist) and the SDK (packages/sdk/dist).
RUN npm ci --no-progress
RUN node packages/server/build.mjs
RUN npm prune --omit=dev

# --- run: only what the server needs, as user `node`
FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 ACTIONGATE_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "packages/server/start.mjs"]
