#!/usr/bin/env bash
# Time to first call (issue 35, item 6): from a fresh cart through a paid Single User order for
# two users on the Stripe stand-in (api/bench/dial_tone.py: plan, number, account, card, pay),
# both extensions registering with sipp (sip/tests/register.xml), to 101 calling 102 and 102
# answering (call.xml, answer.xml) through this run's own registrar. Each run is timed from the
# cart to the call's 200 OK: its wall time, the system (and user) CPU time of the client side
# (the order's HTTP client and the sipp phones, by /usr/bin/time), and the system time the
# shop's server and the registrar's processes spent meanwhile (from /proc). Prints each run,
# then the medians.
# Usage: bash api/bench/first-call.sh   (RUNS=N, default 5; VOIP_SHOP_BIN=a server binary built
# elsewhere, else the debug build, made if missing; BENCH_PORT and STAND_IN_PORT pick ports,
# else free ones; not part of .ci/test)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
set -euo pipefail
ensure_database_server
ensure_kamailio_installed
command -v /usr/bin/time >/dev/null || apt_install time
db="voip_bench_first_call_$$"
runs="${RUNS:-5}"
url=$(ensure_database "$db")
bin="${VOIP_SHOP_BIN:-$ROOT/target/debug/voip-shop}"
if [ -z "${VOIP_SHOP_BIN:-}" ]; then
  log "building the server (debug; VOIP_SHOP_BIN= to use another)"
  cargo build --quiet --bin voip-shop
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/first-call.XXXXXX")
server="" stand_in=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  stop_registrar
  if [ -n "$stand_in" ]; then kill "$stand_in" 2>/dev/null || true; fi
  drop_database "$db"
  rm -rf "$work"
}
trap cleanup EXIT

log "starting a Stripe stand-in, the shop and a SIP registrar of this run's own"
use_stripe_stand_in "${STAND_IN_PORT:-$(free_port)}"
stand_in=${LOCALSTRIPE_PID:-}
DATABASE_URL="$url" RUST_LOG=warn "$bin" migrate
start_registrar "$url" "$work/registrar"
port="${BENCH_PORT:-$(free_port)}"
base="http://127.0.0.1:$port"
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
  "$bin" serve >"$work/server.log" 2>&1 &
server=$!
wait_ready "$base" "$server"
domain="${SIP_DOMAIN:-sip.talkbridge.localhost}"

# CPU ticks (user + system, then system alone) of the shop's server and every registrar process.
server_ticks() {
  python3 - "$server" "$REGISTRAR_PID" <<'PY'
import os, sys
server, group = int(sys.argv[1]), int(sys.argv[2])
user = system = 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    except OSError:
        continue
    if int(pid) == server or int(fields[2]) == group:  # fields[2]: the process group
        user += int(fields[11]); system += int(fields[12])
print(user, system)
PY
}
hz=$(getconf CLK_TCK)

# One run, timed as a whole by /usr/bin/time: the order, two registrations, the call answered.
one_run() {
  local run="$1" order username1 password1 username2 password2 phone1 phone2 answering
  log "run $run: cart, number, order and payment (stand-in)"
  order=$(USERS=2 python3 "$ROOT/api/bench/dial_tone.py" "$base" "${STRIPE_API_BASE%/}" "first.call.$run.$$@example.com")
  read -r username1 password1 username2 password2 < <(python3 -c 'import json,sys; e=json.loads(sys.argv[1])["extensions"]
print(e[0]["username"], e[0]["password"], e[1]["username"], e[1]["password"])' "$order")
  phone1=$(free_sip_port) phone2=$(free_sip_port)
  log "run $run: registering $username1 (101) and $username2 (102)"
  for extension in "$username1 $password1 $phone1" "$username2 $password2 $phone2"; do
    set -- $extension
    until sipp "$SIP_REGISTRAR" -sf "$ROOT/sip/tests/register.xml" -m 1 -s "$1" -au "$1" -ap "$2" -key domain "$domain" \
        -i 127.0.0.1 -p "$3" -nostdin -timeout 5s -timeout_error >/dev/null 2>&1; do
      sleep 0.05
    done
  done
  log "run $run: 101 calls 102, which answers"
  sipp -sf "$ROOT/sip/tests/answer.xml" -m 1 -i 127.0.0.1 -p "$phone2" -nostdin -timeout 10s -timeout_error >/dev/null 2>&1 &
  answering=$!
  until ss -Hlun "sport = :$phone2" | grep -q .; do sleep 0.01; done
  sipp "$SIP_REGISTRAR" -sf "$ROOT/sip/tests/call.xml" -m 1 -s 102 -key caller "$username1" -au "$username1" -ap "$password1" \
    -key domain "$domain" -i 127.0.0.1 -p "$phone1" -nostdin -timeout 10s -timeout_error \
    -trace_logs -log_file "$work/call-$run.log" >/dev/null 2>&1
  wait "$answering"
  grep -qx '200' "$work/call-$run.log" || { log "run $run: the call was not answered (see $work/call-$run.log)"; return 1; }
}
export -f one_run log free_sip_port
export base domain work ROOT SIP_REGISTRAR STRIPE_API_BASE

walls=() systems=() serversystems=()
for run in $(seq 1 "$runs"); do
  read -r before_user before_system < <(server_ticks)
  if ! /usr/bin/time -f '%e %S %U' -o "$work/time-$run" bash -c 'set -euo pipefail; one_run "$1"' _ "$run"; then
    log "run $run failed"; exit 1
  fi
  read -r after_user after_system < <(server_ticks)
  read -r wall system user <"$work/time-$run"
  served_system=$(python3 -c "print(f'{($after_system - $before_system) / $hz:.2f}')")
  served_user=$(python3 -c "print(f'{($after_user - $before_user) / $hz:.2f}')")
  walls+=("$wall") systems+=("$system") serversystems+=("$served_system")
  echo "run $run: wall ${wall} s; system ${system} s (user ${user} s) in the order's client and the phones; system ${served_system} s (user ${served_user} s) in the shop's server and the registrar"
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "time to first call, median of $runs runs: wall $(median "${walls[@]}") s; system $(median "${systems[@]}") s client side, $(median "${serversystems[@]}") s server side"
