#!/usr/bin/env bash
# Build the image from this Dockerfile, run it as shipped and check it as a user would meet it:
#   read-only root filesystem, a state volume, a published port, BOOTSTRAP_API_KEY;
#   the image's own HEALTHCHECK command, every host's API, a key made with `workforce-api keys create` inside the
#   container, the user it runs as, a clean exit on stop; the image size.
# Needs docker or podman and the base images (pulled, or look-alikes from scripts/container/offline-bases.sh).
# Not part of .ci/run: CI machines cannot pull images.
#   DATA_MIRROR=../shared/data scripts/container/smoke.sh        (CONTAINER_ENGINE=podman|docker, SMOKE_PORT=18080)
# On this project's build machines (cgroup v1, no CAP_SYS_RESOURCE) podman runs containers with:
#   CONTAINER_ENGINE="podman --cgroup-manager cgroupfs --runtime runc" \
#   SMOKE_RUN_FLAGS="--ulimit nofile=20000:20000 --ulimit nproc=32768:32768" scripts/container/smoke.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
read -ra engine <<<"${CONTAINER_ENGINE:-$(docker info >/dev/null 2>&1 && echo docker || echo podman)}"
MIRROR=${DATA_MIRROR:-../shared/data}
IMAGE=${IMAGE:-workforce-api:smoke}
NAME=wf-smoke-$$
PORT=${SMOKE_PORT:-18080}
KEY=smoke-bootstrap-key-0123456789
step() { printf '\n== %s\n' "$*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "build (${engine[*]})"
flags=(--build-context "mirror=$MIRROR" -t "$IMAGE")
# podman keeps HEALTHCHECK only in the docker image format (BUILDAH_FORMAT too, or cached OCI layers win).
if [ "${engine[0]}" = podman ]; then flags+=(--format docker ${PODMAN_BUILD_FLAGS:---isolation chroot}); fi
export BUILDAH_FORMAT=docker
time "${engine[@]}" build "${flags[@]}" .
echo "image size: $("${engine[@]}" image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1/1e6}')"

step "run: read-only root, state volume, port $PORT"
cleanup() { "${engine[@]}" rm -f "$NAME" >/dev/null 2>&1 || true; "${engine[@]}" volume rm -f "$NAME" >/dev/null 2>&1 || true; }
trap cleanup EXIT
# A read-only root with no writable tmpfs anywhere (podman would add /tmp, /var/tmp and /run otherwise): a write
# outside the volume fails, so everything below succeeding shows the service needs none.
ro=(--read-only); if [ "${engine[0]}" = podman ]; then ro+=(--read-only-tmpfs=false); fi
"${engine[@]}" run -d --name "$NAME" "${ro[@]}" -v "$NAME:/var/lib/workforce-api" -p "127.0.0.1:$PORT:8080" \
  -e BOOTSTRAP_API_KEY=$KEY ${SMOKE_RUN_FLAGS:-} "$IMAGE" >/dev/null
# The image's HEALTHCHECK command, as the image declares it.
field=$([ "${engine[0]}" = podman ] && echo .HealthCheck.Test || echo .Config.Healthcheck.Test)
probe=$("${engine[@]}" image inspect -f "{{join $field \" \"}}" "$IMAGE" | sed 's/^CMD //')
[ -n "$probe" ] || fail "the image has no HEALTHCHECK"
for _ in $(seq 60); do "${engine[@]}" exec "$NAME" $probe 2>/dev/null && break; sleep 1; done
"${engine[@]}" exec "$NAME" $probe || fail "health check: $("${engine[@]}" logs "$NAME" 2>&1 | tail -5)"
echo "healthy: $probe"

step "every host"
status() { curl -s -o /dev/null -w '%{http_code}' -H "Host: $1" -H "X-API-Key: $2" "http://127.0.0.1:$PORT$3"; }
[ "$(status salary.localhost $KEY '/api/v1/salary?job_title=Registered%20Nurse&location=Boston')" = 200 ] || fail "salary host"
[ "$(status cost.localhost $KEY /api/v1/cpi/categories)" = 200 ] || fail "cost host"
[ "$(status skills.localhost $KEY '/api/v1/skills/search?q=programming')" = 200 ] || fail "skills host"
[ "$(curl -s -o /dev/null -w '%{http_code}' --http1.0 -H 'Host:' "http://127.0.0.1:$PORT/healthz")" = 200 ] || fail "/healthz with no Host"
echo "salary, cost, skills: 200; /healthz over HTTP/1.0 with no Host: 200"

step "a key created inside the container"
made=$("${engine[@]}" exec "$NAME" workforce-api keys create --tier free --scopes skills:read --name smoke)
key=$(sed -n 's/.*store it now): //p' <<<"$made")
[ "$(status skills.localhost "$key" '/api/v1/occupations?page_size=1')" = 200 ] || fail "the new key on the skills host"
[ "$(status salary.localhost "$key" '/api/v1/salary?job_title=Nurse&location=US')" = 403 ] || fail "the new key outside its scope"
echo "$made" | head -1

step "user, writes, stop"
user=$("${engine[@]}" inspect -f '{{.Config.User}}' "$NAME")
case "${user%%:*}" in ""|0|root) fail "runs as root (User \"$user\")" ;; esac
started=$(date +%s%N)
"${engine[@]}" stop -t 15 "$NAME" >/dev/null
code=$("${engine[@]}" inspect -f '{{.State.ExitCode}}' "$NAME")
[ "$code" = 0 ] || fail "exit code $code after stop"
echo "user $user; root filesystem read-only; stopped in $(( ($(date +%s%N) - started) / 1000000 )) ms with exit 0"
step "smoke test passed"
