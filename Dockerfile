# The platform as one container image: the server, the built web app and nothing else.
# Build: docker build -t iot-platform .      Run: see docs/deployment.md
# Every node of a scale-out deployment runs this same image with the same settings (DATABASE_URL,
# MQTT_URL, TOKEN_SIGNING_KEY) and its own MQTT_CLIENT_ID.

# ---- a compiler for native modules: better-sqlite3 compiles from source when no prebuilt binary
# can be fetched ----
FROM node:20-bookworm-slim AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# ---- build: all dependencies, TypeScript, the web app ----
FROM toolchain AS build
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# `npm install` rather than `npm ci`: the lockfile omits Biome's binaries for other platforms
# (the registry mirror it was made against has none), which `npm ci` calls out of sync.
RUN npm install --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages/contracts packages/contracts
COPY apps apps
RUN npx tsc -b && npm run build --workspace apps/web

# ---- runtime dependencies only (the server's and the contracts'), compiled for this image ----
FROM toolchain AS deps
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
RUN npm install --omit=dev --no-audit --no-fund --workspace @iot/server --workspace @iot/contracts

# ---- runtime ----
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    DATA_DIR=/var/lib/iot \
    WEB_DIST=/app/apps/web/dist \
    PORT=8080 \
    MQTT_PORT=1883 \
    DTU_PORT=5020
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json package.json
COPY --from=build /app/packages/contracts/package.json packages/contracts/package.json
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
# The offline map's gazetteer and base map (decision 0066), read beside dist at run time.
COPY --from=build /app/apps/server/map-data apps/server/map-data
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /var/lib/iot && chown node:node /var/lib/iot
USER node
VOLUME /var/lib/iot
# HTTP (API, web app, sockets), the embedded MQTT broker, DTU transparent Modbus.
EXPOSE 8080 1883 5020
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "apps/server/dist/main.js"]
