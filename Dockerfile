# One image for every process of the platform; SERVICE_ENTRY picks which one a container runs
# (docker-compose.yml and k8s/ set it, e.g. services/wallet/src/main.js). Built in stages so the final image holds
# compiled JavaScript, the built front ends and the production dependencies of the runtime workspaces only: no
# TypeScript, tsx, test, bench, browser or embedded-infrastructure packages (test/deploy/image.unit.test.ts checks
# this file and assembles the same runtime tree without Docker).
# Development runs on Node 20 (MACHINE.md); the image runs the current LTS line.
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# Every workspace's manifest, so `npm ci` sees the whole lock; changes to sources do not invalidate this layer.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY services/identity/package.json services/identity/
COPY services/wallet/package.json services/wallet/
COPY services/plans/package.json services/plans/
COPY services/kyc/package.json services/kyc/
COPY services/support/package.json services/support/
COPY services/notify/package.json services/notify/
COPY services/chain/package.json services/chain/
COPY gateway/package.json gateway/
COPY frontends/shell/package.json frontends/shell/
COPY frontends/landing/package.json frontends/landing/
COPY frontends/investor/package.json frontends/investor/
COPY frontends/admin/package.json frontends/admin/
COPY frontends/kit/package.json frontends/kit/
COPY frontends/ui/package.json frontends/ui/
COPY e2e/package.json e2e/

# The build tools (TypeScript, rspack) and everything they compile against.
FROM manifests AS build
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npx tsc -p tsconfig.build.json && npm run build:web

# Production dependencies of the runtime workspaces alone (npm leaves the root's own dependencies out).
FROM manifests AS runtime-deps
RUN npm ci --omit=dev --no-audit --no-fund -w packages/contracts -w packages/service-kit -w services/identity -w services/wallet -w services/plans -w services/kyc -w services/support -w services/notify -w services/chain -w gateway
# viem (the chain service) and its abitype and ox name TypeScript as an optional peer, so `--omit=dev` keeps it (the
# lock marks it devOptional); nothing loads it at run time.
RUN rm -rf node_modules/typescript node_modules/.bin/tsc node_modules/.bin/tsserver

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=runtime-deps /app /app
COPY --from=build /app/build /app
COPY --from=build /app/frontends/shell/dist frontends/shell/dist
COPY --from=build /app/frontends/landing/dist frontends/landing/dist
COPY --from=build /app/frontends/investor/dist frontends/investor/dist
COPY --from=build /app/frontends/admin/dist frontends/admin/dist
# The workspace packages export their compiled modules.
RUN sed -i 's#\(\./src/[^"]*\)\.ts"#\1.js"#g' packages/contracts/package.json packages/service-kit/package.json
USER node
# Ready means the process's own dependencies answer (its /readyz); every process listens on PORT.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["sh", "-c", "exec node --enable-source-maps \"$SERVICE_ENTRY\""]
