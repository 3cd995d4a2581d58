# Shared by .ci/start, .ci/test and .ci/e2e-server. Each step installs or starts only what
# is missing, so a second run is quick and keeps the data.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOCAL="$ROOT/.local"
LOCAL_PG_PORT="${LOCAL_PG_PORT:-54329}"
mkdir -p "$LOCAL"

# The build directory: one per user, outside the clone (under ~/.cache), linked as target/, so a
# second clone on this machine (CI's fresh clone) reuses every compiled dependency instead of
# compiling them again. A clone with a target/ of its own, or a CARGO_TARGET_DIR, keeps it. Two
# test runs from two clones take turns (.ci/test locks the build directory for its run).
#
# Cargo names a workspace crate's artefacts by its path inside the workspace, not the clone's,
# and finds them fresh when no source file is newer than they are. So in a shared directory,
# a clone whose files are older than another clone's last build would run that clone's code.
# `own_the_shared_build` (run by every script before it builds) makes this clone's workspace
# sources newer than anything built, so cargo compiles the workspace's own crates from them
# (a fresh clone compiles them anyway); the dependencies are reused. A long-lived worktree
# where you also run cargo by hand should have a build directory of its own (CARGO_TARGET_DIR).
SHARED_TARGET="${XDG_CACHE_HOME:-$HOME/.cache}/talkbridge/target"
if [ ! -e "$ROOT/target" ] && [ ! -L "$ROOT/target" ] && [ -z "${CARGO_TARGET_DIR:-}" ]; then
  mkdir -p "$SHARED_TARGET"
  ln -s "$SHARED_TARGET" "$ROOT/target"
fi

own_the_shared_build() {
  if [ -z "${CARGO_TARGET_DIR:-}" ] && [ "$(readlink -f "$ROOT/target")" = "$(readlink -f "$SHARED_TARGET")" ]; then
    find "$ROOT/aggregates" "$ROOT/projections" "$ROOT/jobs" "$ROOT/api" -name '*.rs' -not -path '*/node_modules/*' -exec touch {} +
  fi
}

# The scripts run the shop in development mode (the Stripe stand-in allowed); the server
# alone defaults to production, which refuses to start without Stripe keys.
export APP_ENV="${APP_ENV:-development}"

log() { printf '\033[1m[%s]\033[0m %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

apt_install() {
  log "installing Debian packages: $*"
  if [ ! -f "$LOCAL/.apt-updated" ]; then
    as_root apt-get update -qq && touch "$LOCAL/.apt-updated"
  fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

port_open() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

ensure_psql() { command -v psql >/dev/null || apt_install postgresql-client; }

# Runs SQL as the server's superuser against the admin database of $1 (a URL).
psql_admin() { local url="$1"; shift; psql "$url" -v ON_ERROR_STOP=1 -qAt "$@"; }

pg_bin() {
  local found
  found=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -z "$found" ]; then
    apt_install postgresql
    found=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  fi
  echo "$found"
}

# A cluster under .local/pg, owned by a non-root user (initdb refuses root).
start_local_cluster() {
  local bin data="$LOCAL/pg" user
  bin=$(pg_bin)
  user=$(id -un)
  if [ "$(id -u)" = 0 ]; then user=postgres; fi
  run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u "$user" -- "$@"; else "$@"; fi; }
  if [ ! -f "$data/PG_VERSION" ]; then
    log "creating a PostgreSQL cluster in $data"
    mkdir -p "$data"
    if [ "$(id -u)" = 0 ]; then chown "$user" "$data"; chmod 700 "$data"; fi
    run_pg "$bin/initdb" -D "$data" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  if ! port_open 127.0.0.1 "$LOCAL_PG_PORT"; then
    log "starting the local PostgreSQL on port $LOCAL_PG_PORT"
    run_pg "$bin/pg_ctl" -D "$data" -l "$data/server.log" -w \
      -o "-p $LOCAL_PG_PORT -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
  fi
}

# Sets ADMIN_DATABASE_URL to a database on a server we may create databases on:
# DATABASE_URL's server when set; else 127.0.0.1:5432; else a cluster under .local/.
ensure_database_server() {
  ensure_psql
  if [ -n "${DATABASE_URL:-}" ]; then
    ADMIN_DATABASE_URL="${DATABASE_URL%/*}/postgres"
  elif [ -z "${VOIP_LOCAL_PG:-}" ] && port_open 127.0.0.1 5432 \
      && psql_admin "postgres://postgres@127.0.0.1:5432/postgres" -c 'select 1' >/dev/null 2>&1; then
    ADMIN_DATABASE_URL="postgres://postgres@127.0.0.1:5432/postgres"
  else
    start_local_cluster
    ADMIN_DATABASE_URL="postgres://postgres@127.0.0.1:$LOCAL_PG_PORT/postgres"
  fi
  export ADMIN_DATABASE_URL
}

# Creates database $1 on the admin server when missing; prints its URL.
ensure_database() {
  local name="$1"
  if [ "$(psql_admin "$ADMIN_DATABASE_URL" -c "select 1 from pg_database where datname = '$name'")" != 1 ]; then
    psql_admin "$ADMIN_DATABASE_URL" -c "create database \"$name\"" >/dev/null
  fi
  echo "${ADMIN_DATABASE_URL%/*}/$name"
}

drop_database() {
  psql_admin "$ADMIN_DATABASE_URL" -c "drop database if exists \"$1\" with (force)" >/dev/null
}

ensure_node_modules() {
  cd "$ROOT/webapp"
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing npm packages"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
  fi
  cd "$ROOT"
}

ensure_chromium() {
  [ -x /usr/bin/chromium ] || apt_install chromium
}

# Builds the web app when a source file is newer than the last build. dist/index.html.br is
# written by the build's last step (scripts/compress.mjs, after the prerender), so a build that
# stopped half-way is built again.
build_webapp() {
  cd "$ROOT/webapp"
  if [ ! -f dist/index.html.br ] || [ -n "$(find src public scripts index.html package.json vite.config.ts tsconfig*.json \
      -newer dist/index.html.br -print -quit 2>/dev/null)" ]; then
    log "building the web app"
    npm run --silent build >/dev/null
  fi
  cd "$ROOT"
}

wait_ready() {
  local url="$1" pid="$2"
  for _ in $(seq 1 600); do
    if curl -fsS "$url/readyz" >/dev/null 2>&1; then return 0; fi
    kill -0 "$pid" 2>/dev/null || { log "the server stopped while starting"; return 1; }
    sleep 0.2
  done
  log "the server was not ready in 120 s"; return 1
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }

# The local Stripe stand-in (localstripe, PyPI) in a project-local virtual environment.
ensure_localstripe_installed() {
  local venv="$LOCAL/venv"
  if [ ! -x "$venv/bin/localstripe" ]; then
    log "installing localstripe into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "localstripe==1.15.10"
  fi
}

# schemathesis (PyPI), which .ci/test runs against the server's OpenAPI document, in the
# same project-local virtual environment; reinstalled when the pinned version changes.
SCHEMATHESIS_VERSION=4.32.5
ensure_schemathesis_installed() {
  local venv="$LOCAL/venv"
  if ! compgen -G "$venv/lib/python3*/site-packages/schemathesis-$SCHEMATHESIS_VERSION.dist-info" >/dev/null; then
    log "installing schemathesis $SCHEMATHESIS_VERSION into $venv"
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  fi
}

# Starts localstripe on port $1 (logs under .local/) unless one answers there; waits until
# it serves its Stripe.js. It always starts empty and keeps nothing on disk (.ci/stripe-stand-in.py).
start_localstripe() {
  local port="$1"
  ensure_localstripe_installed
  if curl -fsS "http://127.0.0.1:$port/js.stripe.com/v3/" >/dev/null 2>&1; then return 0; fi
  log "starting the Stripe stand-in (localstripe) on port $port"
  nohup "$LOCAL/venv/bin/python" "$ROOT/.ci/stripe-stand-in.py" --port "$port" --from-scratch >"$LOCAL/localstripe-$port.log" 2>&1 &
  LOCALSTRIPE_PID=$!
  for _ in $(seq 1 150); do
    if curl -fsS "http://127.0.0.1:$port/js.stripe.com/v3/" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  log "localstripe did not start (see $LOCAL/localstripe-$port.log)"; return 1
}

# Without Stripe keys, payments go to a local stand-in: sets STRIPE_API_BASE to it.
# $1: the port (default: 8420 when free or already the stand-in's, else any free port).
use_stripe_stand_in() {
  if [ -n "${STRIPE_SECRET_KEY:-}" ] && [ -n "${STRIPE_PUBLISHABLE_KEY:-}" ]; then
    log "using Stripe with the configured keys"; return 0
  fi
  local port="${1:-}"
  if [ -z "$port" ]; then
    port=8420
    if port_open 127.0.0.1 "$port" && ! curl -fsS "http://127.0.0.1:$port/js.stripe.com/v3/" >/dev/null 2>&1; then
      port=$(free_port)
    fi
  fi
  start_localstripe "$port"
  export STRIPE_API_BASE="http://127.0.0.1:$port/"
  export STRIPE_JS_URL="${STRIPE_JS_URL:-http://localhost:$port/js.stripe.com/v3/}"
}

# With the stand-in: it sends its signed payment events to this server's webhook ($1: the
# server's port), as Stripe would; the secret is made here and given to the server.
register_stand_in_webhook() {
  [ -n "${STRIPE_SECRET_KEY:-}" ] && [ -n "${STRIPE_PUBLISHABLE_KEY:-}" ] && return 0
  export STRIPE_WEBHOOK_SECRET="${STRIPE_WEBHOOK_SECRET:-whsec_local_$(free_port)$RANDOM$RANDOM}"
  curl -fsS -X POST "${STRIPE_API_BASE}_config/webhooks/voip-shop-$1" \
    --data-urlencode "url=http://127.0.0.1:$1/api/stripe/webhook" --data-urlencode "secret=$STRIPE_WEBHOOK_SECRET" \
    -d 'events[0]=payment_intent.succeeded' -d 'events[1]=payment_intent.payment_failed' \
    -d 'events[2]=invoice.payment_succeeded' >/dev/null
}

# The SIP registrar (Debian's Kamailio, sip/kamailio.cfg) against database $1 (a URL), which must
# be migrated (its tables come from the shop's migrations). It connects as its own role
# (ensure_registrar_login, below), never as the user of $1. Two kinds, which share nothing:
# - the site's (ensure_kamailio; .ci/start): on $SIP_LISTEN (default 127.0.0.1:5060, UDP and
#   TCP), its files under .local/kamailio/, kept running from one start to the next;
# - a test run's (start_registrar; .ci/test, .ci/e2e-server): on a free port, its files in a
#   directory of that run, stopped by stop_registrar. It never reads the site's files or port,
#   so a test run neither registers against the site's registrar nor restarts it.
ensure_kamailio_installed() {
  if ! command -v kamailio >/dev/null || ! command -v sipp >/dev/null \
      || ! compgen -G "/usr/lib/*/kamailio/modules/db_postgres.so" >/dev/null; then
    apt_install kamailio kamailio-postgres-modules sip-tester
  fi
}

# The registrar's own PostgreSQL role, talkbridge_registrar (migrations/*_sip_registrar_role.sql
# makes it NOLOGIN and grants it its four tables in every migrated database): gives it a login
# on the server of $1 (a URL of a user who may alter roles) with a password made here once and
# kept in .local/registrar-db-password, and exports it as SIP_REGISTRAR_DB_PASSWORD. With
# SIP_REGISTRAR_DB_PASSWORD already set, the role is taken as set up by whoever set it and
# nothing is changed. Kamailio never connects as the shop's own (super)user. A role is the whole
# server's, shared with any site on it: when it logs in with this password already (always so on
# a server that trusts local connections, as the scripts' do), it is left as it is.
REGISTRAR_ROLE=talkbridge_registrar
ensure_registrar_login() {
  local url="$1" file="$LOCAL/registrar-db-password"
  if [ -n "${SIP_REGISTRAR_DB_PASSWORD:-}" ]; then export SIP_REGISTRAR_DB_PASSWORD; return 0; fi
  if [ ! -s "$file" ]; then
    # Hex: it goes into Kamailio's database URL as it is.
    (umask 077; od -An -tx1 -N24 /dev/urandom | tr -d ' \n' >"$file")
  fi
  SIP_REGISTRAR_DB_PASSWORD=$(<"$file")
  export SIP_REGISTRAR_DB_PASSWORD
  if psql "$(registrar_database_url "$url")" -qAt -c 'select 1' >/dev/null 2>&1; then return 0; fi
  # Made NOLOGIN here too when no database was migrated on this server yet (the API tests
  # connect as it to the databases they migrate).
  psql "$url" -v ON_ERROR_STOP=1 -qAt -v pw="$SIP_REGISTRAR_DB_PASSWORD" >/dev/null <<SQL || {
DO \$\$ BEGIN CREATE ROLE $REGISTRAR_ROLE NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END \$\$;
ALTER ROLE $REGISTRAR_ROLE LOGIN PASSWORD :'pw';
SQL
    local who="${url#*://}"; who="${who%%@*}"; who="${who%%:*}"
    log "could not give the role $REGISTRAR_ROLE a login as database user $who: use a user who may (superuser or CREATEROLE), or run ALTER ROLE $REGISTRAR_ROLE LOGIN PASSWORD '...' yourself and set SIP_REGISTRAR_DB_PASSWORD to it"
    return 1
  }
}

# $1 (a database URL) with the registrar's role and password in place of its user.
registrar_database_url() {
  local rest="${1#*://}"
  case "$rest" in *@*) rest="${rest##*@}" ;; esac
  echo "postgres://$REGISTRAR_ROLE:$SIP_REGISTRAR_DB_PASSWORD@$rest"
}

# sip/kamailio.cfg rendered for database URL $1 (already the registrar's role) and listen
# address $2 (address:port), with SIP_DOMAIN, SIP_DIGEST_ALGORITHM (MD5 or SHA-256) and
# SIP_TRUNK (the carrier's address:port, whose calls to the shop's numbers need no digest).
render_kamailio_cfg() {
  local url="$1" listen="$2" algorithm="${SIP_DIGEST_ALGORITHM:-MD5}" trunk="${SIP_TRUNK:-127.0.0.1:5070}" column cfg
  case "$algorithm" in
    MD5) column=ha1 ;;
    SHA-256) column=ha1_sha256 ;;
    *) log "SIP_DIGEST_ALGORITHM must be MD5 or SHA-256, not $algorithm"; return 1 ;;
  esac
  if ! valid_sip_trunk "$trunk"; then
    log "SIP_TRUNK must be an IP address and port (203.0.113.5:5060, or [2001:db8::5]:5060), not $trunk"; return 1
  fi
  cfg=$(<"$ROOT/sip/kamailio.cfg")
  cfg=${cfg//@DB_URL@/$url}; cfg=${cfg//@LISTEN@/$listen}; cfg=${cfg//@SIP_DOMAIN@/${SIP_DOMAIN:-sip.talkbridge.localhost}}
  cfg=${cfg//@ALGORITHM@/$algorithm}; cfg=${cfg//@HA1_COLUMN@/$column}; cfg=${cfg//@TRUNK@/$trunk}
  printf '%s' "$cfg"
}

# Whether $1 is an IPv4 address and port, or an IPv6 address in brackets and port: the form
# Kamailio's source address takes in sip/kamailio.cfg (and nothing that could end its string).
valid_sip_trunk() {
  [[ "$1" =~ ^([0-9]{1,3}(\.[0-9]{1,3}){3}|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}$ ]]
}

# Checks and starts Kamailio with config file $1, logging to $2, in a session of its own (so the
# terminal's Ctrl-C never reaches it, and stopping its process group stops every worker it
# forks); waits until it listens on $3 (address:port). Sets KAMAILIO_PID. Fails when it exits
# first (e.g. the port was taken meanwhile).
run_kamailio() {
  local cfg="$1" out="$2" listen="$3"
  kamailio -c -f "$cfg" >"${out%.log}.check.log" 2>&1 || { log "sip/kamailio.cfg does not check out (see ${out%.log}.check.log)"; return 1; }
  # TZ=UTC: it writes registration times in local time; the shop reads them as UTC.
  # Python's setsid, not setsid(1), which forks when it leads a process group (under a shell with
  # job control), and so would leave no pid to watch; such a process leads its own group already.
  TZ=UTC nohup python3 -c 'import os, sys
try:
    os.setsid()
except OSError:
    pass
os.execvp(sys.argv[1], sys.argv[1:])' kamailio -f "$cfg" -DD -E >"$out" 2>&1 </dev/null &
  KAMAILIO_PID=$!
  for _ in $(seq 1 100); do
    kill -0 "$KAMAILIO_PID" 2>/dev/null || return 1
    if port_open "${listen%:*}" "${listen##*:}"; then
      # Still alive a moment later: the answer was its own, not another process's on the port.
      sleep 0.3
      kill -0 "$KAMAILIO_PID" 2>/dev/null && return 0
      return 1
    fi
    sleep 0.1
  done
  return 1
}

# The site's registrar on $SIP_LISTEN (default 127.0.0.1:5060) against database $1, its files
# under .local/kamailio/: kept when it runs with the same config, restarted when ours runs with
# another database or config; anything else answering on the port is left alone. Exports SIP_PORT
# (the port the server tells buyers) as the listen port unless it is set. KAMAILIO_PID is set
# when this call started it.
ensure_kamailio() {
  local url="$1" listen="${SIP_LISTEN:-127.0.0.1:5060}" dir="$LOCAL/kamailio" cfg pid=""
  ensure_kamailio_installed
  ensure_registrar_login "$url"
  url=$(registrar_database_url "$url")
  cfg=$(render_kamailio_cfg "$url" "$listen")
  export SIP_PORT="${SIP_PORT:-${listen##*:}}"
  mkdir -p "$dir"
  [ -f "$dir/pid" ] && pid=$(<"$dir/pid")
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    if [ "$cfg" = "$(cat "$dir/running.cfg" 2>/dev/null)" ]; then return 0; fi
    log "restarting the SIP registrar (new database or config)"
    kill "$pid"
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  if port_open "${listen%:*}" "${listen##*:}"; then
    log "something else answers on $listen: leaving it (not this site's registrar: phones registering there are checked against another database)"; return 0
  fi
  (umask 077; printf '%s\n' "$cfg" >"$dir/kamailio.cfg")
  log "starting the SIP registrar (Kamailio) on $listen"
  run_kamailio "$dir/kamailio.cfg" "$dir/kamailio.log" "$listen" || { log "the SIP registrar did not start (see $dir/kamailio.log)"; return 1; }
  echo "$KAMAILIO_PID" >"$dir/pid"
  (umask 077; printf '%s\n' "$cfg" >"$dir/running.cfg")
}

# A port free on 127.0.0.1 for both TCP and UDP (a registrar listens on both).
free_sip_port() {
  python3 -c '
import socket
while True:
    t = socket.socket(); t.bind(("127.0.0.1", 0)); port = t.getsockname()[1]
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        u.bind(("127.0.0.1", port))
    except OSError:
        continue
    print(port); break'
}

# A test run's own registrar against database $1 (a URL, migrated), its rendered config (mode
# 600: it holds the role's password), pid and log in directory $2 (made here; the caller removes
# it), on a free port, tried again on another when that one was taken meanwhile. Exports SIP_PORT
# (for the server under test, which tells buyers the port) and SIP_REGISTRAR (127.0.0.1:PORT,
# where the browser tests' softphone registers); sets REGISTRAR_PID for stop_registrar.
start_registrar() {
  local url="$1" dir="$2" port cfg
  ensure_kamailio_installed
  ensure_registrar_login "$url"
  url=$(registrar_database_url "$url")
  mkdir -p "$dir"; chmod 700 "$dir"
  for _ in 1 2 3; do
    port=$(free_sip_port)
    cfg=$(render_kamailio_cfg "$url" "127.0.0.1:$port")
    (umask 077; printf '%s\n' "$cfg" >"$dir/kamailio.cfg")
    if run_kamailio "$dir/kamailio.cfg" "$dir/kamailio.log" "127.0.0.1:$port"; then
      REGISTRAR_PID=$KAMAILIO_PID
      echo "$REGISTRAR_PID" >"$dir/pid"
      export SIP_PORT="$port" SIP_REGISTRAR="127.0.0.1:$port"
      log "this run's SIP registrar (Kamailio) on 127.0.0.1:$port (files in $dir)"
      return 0
    fi
  done
  log "the SIP registrar did not start (see $dir/kamailio.log)"; return 1
}

# Stops start_registrar's Kamailio: SIGTERM to its process group, its main process and every
# worker it forked.
stop_registrar() {
  [ -n "${REGISTRAR_PID:-}" ] || return 0
  kill -TERM -- "-$REGISTRAR_PID" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$REGISTRAR_PID" 2>/dev/null || break; sleep 0.1; done
  REGISTRAR_PID=""
}

# Debian's nginx, for the test of deploy/nginx.conf (api/tests/api/nginx.rs renders it and runs
# its own nginx in the foreground): only the binary is used, never the system service. Debian's
# package starts and enables that service on install unless policy-rc.d says no, so one that
# says no is in place while it installs (unless the machine has one already).
ensure_nginx_installed() {
  if command -v nginx >/dev/null || [ -x /usr/sbin/nginx ]; then return 0; fi
  local policy=/usr/sbin/policy-rc.d made="" status=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# ensure_nginx_installed (.ci/lib.sh): no service starts while it installs.\nexit 101\n' \
      | as_root tee "$policy" >/dev/null
    as_root chmod 755 "$policy"
    made=1
  fi
  apt_install nginx || status=$?
  if [ -n "$made" ]; then as_root rm -f "$policy"; fi
  if [ -d /run/systemd/system ] && command -v systemctl >/dev/null; then
    as_root systemctl disable --now nginx >/dev/null 2>&1 || true
  fi
  return "$status"
}
