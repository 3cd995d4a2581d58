#!/usr/bin/env bash
# Time to dial tone (issue 16): from a fresh cart, the wall time of a Single User order's API
# calls on the Stripe stand-in (plan, number, account, card, pay: api/bench/dial_tone.py), plus
# the time from the order's completion until sipp's REGISTER with the extension's username and
# SIP password gets 200 OK from the registrar (Kamailio on 127.0.0.1:5060, restarted against a
# scratch database and stopped again). Prints each part and the sum.
# Usage: bash api/bench/dial-tone.sh   (release build; RUNS=N orders, default 5; BENCH_PORT and
# STAND_IN_PORT pick the ports, else free ones; not part of .ci/test)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
ensure_database_server
db=voip_bench_dial_tone
runs="${RUNS:-5}"
drop_database "$db"
url=$(ensure_database "$db")
# VOIP_SHOP_BIN: a server binary built elsewhere, to skip the release build.
bin="${VOIP_SHOP_BIN:-$ROOT/target/release/voip-shop}"
if [ -z "${VOIP_SHOP_BIN:-}" ]; then
  log "building the server (release)"
  cargo build --release --quiet --bin voip-shop
fi
use_stripe_stand_in "${STAND_IN_PORT:-$(free_port)}"
stand_in=${LOCALSTRIPE_PID:-}
port="${BENCH_PORT:-$(free_port)}"
base="http://127.0.0.1:$port"
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
  "$bin" serve >"$LOCAL/bench-dial-tone-server.log" 2>&1 &
server=$!
cleanup() {
  kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true
  if [ -n "${KAMAILIO_PID:-}" ]; then kill "$KAMAILIO_PID" 2>/dev/null || true; fi
  if [ -n "$stand_in" ]; then kill "$stand_in" 2>/dev/null || true; fi
  drop_database "$db"
}
trap cleanup EXIT
wait_ready "$base" "$server"
ensure_kamailio "$url"
registrar="${SIP_LISTEN:-127.0.0.1:5060}"
domain="${SIP_DOMAIN:-sip.talkbridge.localhost}"

# One REGISTER with the digest answer (sip/tests/register.xml); exit 0 on 200 OK.
register() {
  sipp "$registrar" -sf "$ROOT/sip/tests/register.xml" -m 1 -s "$1" -au "$1" -ap "$2" -key domain "$domain" \
    -i 127.0.0.1 -nostdin -timeout 5s -timeout_error >/dev/null 2>&1
}

now_ms() { date +%s%3N; }
totals=()
for run in $(seq 1 "$runs"); do
  order=$(python3 "$ROOT/api/bench/dial_tone.py" "$base" "${STRIPE_API_BASE%/}")
  done_ms=$(now_ms)
  read -r username password api_ms steps < <(python3 -c 'import json,sys; o=json.loads(sys.argv[1]); e=o["extensions"][0]
print(e["username"], e["password"], o["totalMs"], ",".join(f"{k} {v}" for k, v in o["steps"].items()))' "$order")
  until register "$username" "$password"; do
    [ $(( $(now_ms) - done_ms )) -lt 30000 ] || { log "extension $username did not register in 30 s"; exit 1; }
    sleep 0.05
  done
  sip_ms=$(( $(now_ms) - done_ms ))
  total=$(( api_ms + sip_ms ))
  totals+=("$total")
  log "order $run: API calls ${api_ms} ms (${steps//,/, } ms) + REGISTER 200 OK ${sip_ms} ms after completion = ${total} ms"
done
median=$(printf '%s\n' "${totals[@]}" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
echo "time to dial tone (median of $runs Single User orders): ${median} ms"
