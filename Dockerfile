# The console as one image: `docker build -t campaign-console .` (see docs/operations.md, "Containers").
# Stage 1 builds the browser app with every dependency; stage 2 installs production dependencies
# only; the final stage holds those, the built app and the server's sources, run as a non-root user.
FROM node:26-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:26-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM node:26-bookworm-slim
ENV NODE_ENV=production DATA_DIR=/data HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY package.json tsconfig.json ./
COPY server server
# The server reads the browser's shared rules and, for the words it writes (exports), its catalogues.
COPY src/shared src/shared
COPY src/i18n src/i18n
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server is PID 1 itself (no npm or shell in between), so SIGTERM reaches its drain handler.
CMD ["node", "--import", "tsx", "server/main.ts"]
