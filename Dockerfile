# syntax=docker/dockerfile:1
# One image for every Node service (the command decides which runs) and a gateway image with the
# built UI behind nginx. Used by docker-compose.yml.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY projections/package.json projections/
COPY server/package.json server/
COPY ui/package.json ui/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build --workspace ui
# The gateway sends the services' content security policy, with the hash of this build's inline
# boot script (nginx cannot compute it). Build with --build-arg PAYMENT_PROVIDER=toss to match.
ARG PAYMENT_PROVIDER=sandbox
RUN PAYMENT_PROVIDER=$PAYMENT_PROVIDER node --import tsx server/src/gateway-csp.ts ui/dist > /app/gateway-csp.conf

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --retries=6 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=64", "--import", "tsx", "server/src/main.ts"]

FROM nginx:1.27-alpine AS gateway
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/ui/dist /usr/share/nginx/html
COPY --from=build /app/gateway-csp.conf /etc/nginx/csp.conf
