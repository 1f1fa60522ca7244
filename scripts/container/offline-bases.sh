#!/usr/bin/env bash
# Look-alike base images for a machine that cannot pull from a registry (this project's build machines reach
# only Debian's and npm's): debian:bookworm-slim from debootstrap; oven/bun:<project version> as that plus the
# project's own Bun binary; distroless base-nossl-debian12:nonroot as glibc, /etc/os-release and a nonroot user
# (65532). They let scripts/container/smoke.sh build and run the real Dockerfile here. They are stand-ins, not
# the published images: a machine that can pull uses those and never needs this script.
#   scripts/container/offline-bases.sh          (as root: debootstrap; CONTAINER_ENGINE=podman by default)
set -euo pipefail
cd "$(dirname "$0")/../.."
ENGINE=${CONTAINER_ENGINE:-podman}
WORK=${BASES_DIR:-/var/tmp/wf-bases}
BUN_VERSION=$(sed -n 's/^ARG BUN_IMAGE=oven\/bun://p' Dockerfile)
RUNTIME_IMAGE=$(sed -n 's/^ARG RUNTIME_IMAGE=//p' Dockerfile)
BUN_BIN=node_modules/bun/bin/bun.exe
[ "$("$BUN_BIN" --version)" = "$BUN_VERSION" ] || { echo "node_modules has Bun $("$BUN_BIN" --version), the Dockerfile wants $BUN_VERSION: run npm ci" >&2; exit 1; }

mkdir -p "$WORK"
if [ ! -x "$WORK/bookworm/bin/bash" ]; then
  command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap; }
  debootstrap --variant=minbase bookworm "$WORK/bookworm" http://deb.debian.org/debian
  rm -rf "$WORK/bookworm/var/cache/apt/archives/"*.deb "$WORK/bookworm/var/lib/apt/lists/"*
fi
import() { # import DIR IMAGE [--change …]
  local dir=$1 image=$2; shift 2
  tar -C "$dir" --numeric-owner -c . | "$ENGINE" import "$@" - "$image" >/dev/null && echo "made $image"
}
import "$WORK/bookworm" docker.io/library/debian:bookworm-slim --change 'CMD ["bash"]'

rm -rf "$WORK/bun" && mkdir -p "$WORK/bun/usr/local/bin" "$WORK/bun/home/bun/app"
cp -a "$WORK/bookworm/." "$WORK/bun/"
install -m 0755 "$BUN_BIN" "$WORK/bun/usr/local/bin/bun" && ln -sf bun "$WORK/bun/usr/local/bin/bunx"
# This machine's trust store goes in too: a site whose npm traffic passes a TLS-inspecting proxy needs its CA.
mkdir -p "$WORK/bun/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$WORK/bun/etc/ssl/certs/"
import "$WORK/bun" "docker.io/oven/bun:$BUN_VERSION" --change 'WORKDIR /home/bun/app' --change 'CMD ["/usr/local/bin/bun"]' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt'

# distroless: the C library's files and nothing that runs a shell (merged /usr, as bookworm has it).
rm -rf "$WORK/distroless" && mkdir -p "$WORK/distroless/etc" "$WORK/distroless/tmp" "$WORK/distroless/home/nonroot"
for l in bin lib lib64 sbin; do mkdir -p "$WORK/distroless/usr/$l" && ln -s "usr/$l" "$WORK/distroless/$l"; done
chroot "$WORK/bookworm" dpkg -L libc6 | while read -r f; do
  case "$f" in /bin|/lib|/lib64|/sbin) continue ;; esac
  [ -d "$WORK/bookworm$f" ] && [ ! -L "$WORK/bookworm$f" ] && { mkdir -p "$WORK/distroless$f"; continue; }
  [ -e "$WORK/bookworm$f" ] || [ -L "$WORK/bookworm$f" ] || continue
  cp -a "$WORK/bookworm$f" "$WORK/distroless$f"
done
cp "$WORK/bookworm/etc/os-release" "$WORK/bookworm/etc/nsswitch.conf" "$WORK/distroless/etc/"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' > "$WORK/distroless/etc/passwd"
printf 'root:x:0:\nnonroot:x:65532:\n' > "$WORK/distroless/etc/group"
chmod 1777 "$WORK/distroless/tmp" && chown 65532:65532 "$WORK/distroless/home/nonroot"
import "$WORK/distroless" "$RUNTIME_IMAGE" --change 'USER 65532' --change 'WORKDIR /home/nonroot' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'
