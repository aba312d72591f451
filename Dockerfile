# One image for every process of the platform; SERVICE_ENTRY picks which one a container runs
# (docker-compose.yml and k8s/ set it). Services run their TypeScript through tsx (docs/decisions/0020).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build:web && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
CMD ["sh", "-c", "exec node --import tsx \"$SERVICE_ENTRY\""]
