# workforce-api as one container: the single executable (snapshot embedded) on a glibc-only base, non-root.
#   docker build --build-context mirror=../shared/data -t workforce-api .
#   podman build --format docker --build-context mirror=../shared/data -t workforce-api .   (keeps HEALTHCHECK)
# BUN_IMAGE is pinned by version tag; the distroless :nonroot tag follows Debian 12's security updates. For a
# reproducible build, pass digest-pinned names as the build args BUN_IMAGE / RUNTIME_IMAGE.
# BUN_IMAGE's tag is the project's Bun version (package-lock.json), and test/process/container.test.ts keeps
# the two equal.
ARG BUN_IMAGE=oven/bun:1.4.5
# The executable links only glibc (libc, libm, libpthread, libdl): distroless base without OpenSSL is enough,
# and its :nonroot variant runs as uid 65532.
ARG RUNTIME_IMAGE=gcr.io/distroless/base-nossl-debian12:nonroot

FROM ${BUN_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN bun install --frozen-lockfile --ignore-scripts
COPY . .
COPY --from=mirror . /mirror
# The bun on PATH is the image's own (no npm in this image); the state folder is made here because the
# runtime base has no shell.
RUN DATA_MIRROR=/mirror bun scripts/snapshot/build.ts \
 && bun scripts/build-executable.ts \
 && mkdir -p /state

FROM ${RUNTIME_IMAGE}
COPY --from=build /app/build/workforce-api /usr/local/bin/workforce-api
COPY --from=build --chown=65532:65532 /state /var/lib/workforce-api
USER 65532:65532
# The state volume is the only path the service writes: STATE_DB, and the snapshot unpacked on first start.
# Run with a read-only root filesystem (docker run --read-only; compose read_only: true).
ENV PORT=8080 STATE_DB=/var/lib/workforce-api/state.sqlite
VOLUME /var/lib/workforce-api
EXPOSE 8080
# On SIGTERM the service stops accepting, lets requests in flight finish (a body has REQUEST_TIMEOUT_MS,
# 10 s by default, to arrive; answers take milliseconds), closes its databases and exits 0. Give it a stop
# grace period above that (docker run --stop-timeout 15; compose stop_grace_period: 15s); the engine's
# SIGKILL after the grace period is the only deadline.
STOPSIGNAL SIGTERM
# The executable probes its own /readyz on $PORT (src/cli/healthcheck.ts): no shell or curl in the image.
# The start period covers the first start's snapshot unpack.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["/usr/local/bin/workforce-api", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/workforce-api"]
