# Multi-stage: build the snapshot and the single executable, then ship only the executable.
# Build with the publisher mirror as a named context:
#   docker build --build-context mirror=../shared/data -t workforce-api .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
COPY --from=mirror . /mirror
RUN DATA_MIRROR=/mirror npm run data && npx bun scripts/build-executable.ts

FROM debian:bookworm-slim
RUN useradd --system --home /var/lib/workforce-api workforce && mkdir -p /var/lib/workforce-api && chown workforce /var/lib/workforce-api
COPY --from=build /app/build/workforce-api /usr/local/bin/workforce-api
USER workforce
ENV PORT=8080 STATE_DB=/var/lib/workforce-api/state.sqlite
VOLUME /var/lib/workforce-api
EXPOSE 8080
# The executable probes its own /readyz on $PORT (src/healthcheck.ts): no shell or curl needed in the image.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s CMD ["/usr/local/bin/workforce-api", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/workforce-api"]
