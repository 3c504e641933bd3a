# One image for both services (and the migration job); the command picks the service.
# Runs TypeScript through tsx as in development: the internal packages export source, there is no build step.
FROM node:20-bookworm-slim
RUN npm i -g pnpm@12.21.0
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm db:generate
ENV NODE_ENV=production
USER node
CMD ["pnpm", "start:callback"]
