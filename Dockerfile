# syntax=docker/dockerfile:1
# Almoner: both tiers (web on $PORT, embedded API on 127.0.0.1:$API_PORT), or only the web
# tier when API_URL points at an existing Laravel/Sanctum backend.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# The `node` devDependency pins Node 24 for machines that lack it; the image already has it.
# npm install, not npm ci: see scripts/ensure-install.mjs.
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
# The social cards' titles (decision record 026) need a font; the slim image has none.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
# The compile cache `npm run build` filled, so no TypeScript is stripped at run time (record
# 028); glibc's allocator: two arenas, and blocks of 64 kB and more mapped on their own and
# returned when freed (record 027).
ENV NODE_ENV=production \
    NODE_COMPILE_CACHE=/app/node_modules/.cache/node-compile-cache \
    MALLOC_ARENA_MAX=2 \
    MALLOC_MMAP_THRESHOLD_=65536 \
    MALLOC_TRIM_THRESHOLD_=131072 \
    PORT=3000 \
    HOST=0.0.0.0 \
    API_PORT=8000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/server ./server
COPY --from=build --chown=node:node /app/web ./web
COPY --from=build --chown=node:node /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=100", "scripts/serve.ts"]
