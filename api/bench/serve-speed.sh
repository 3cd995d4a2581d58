#!/usr/bin/env bash
# How fast a built server answers, one request at a time, so two builds can be compared
# (issue 33 item 7: .ci/start serves the debug build the tests share, not a release build):
#   catalogue  GET /api/catalogue as a browser asks for it (brotli accepted)
#   cart       POST /api/carts, then PUT /api/carts/{id}/package (a plan into the cart)
#   sign-in    POST /api/admin/login (argon2, optimised in every profile)
#   openapi    GET /api/openapi.json (a large JSON answer, compressed per request)
# Each is timed with curl's time_total over N rounds (default 30; sign-in 5): median and
# slowest. Each server gets a scratch database (dropped at the end) and the Stripe stand-in.
# Usage: bash api/bench/serve-speed.sh BIN [BIN ...]   e.g. target/debug/voip-shop
#   target/release/voip-shop. BENCH_ROUNDS sets N.
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
[ $# -gt 0 ] || { echo "usage: $0 BIN [BIN ...]" >&2; exit 2; }
rounds="${BENCH_ROUNDS:-30}"
ensure_database_server
# A stand-in already named (STRIPE_API_BASE, e.g. from a shared one) is used as it is.
if [ -z "${STRIPE_API_BASE:-}" ]; then
  use_stripe_stand_in "$(free_port)"
  [ -z "${LOCALSTRIPE_PID:-}" ] || trap 'kill $LOCALSTRIPE_PID 2>/dev/null || true' EXIT
fi
email=bench-speed@example.com password=bench-speed-password-1

# Prints "median slowest" in milliseconds of the numbers (seconds) on stdin.
summary() { sort -n | awk '{a[NR]=$1} END {printf "median %6.1f ms  slowest %6.1f ms", a[int((NR+1)/2)]*1000, a[NR]*1000}'; }

for bin in "$@"; do
  db="voip_bench_speed_$$"
  url=$(ensure_database "$db")
  port=$(free_port)
  shop="http://127.0.0.1:$port"
  DATABASE_URL="$url" RUST_LOG=warn "$bin" migrate >/dev/null
  DATABASE_URL="$url" RUST_LOG=warn "$bin" users add --role support "$email" --password "$password" >/dev/null
  DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn WEBAPP_DIR="${WEBAPP_DIR:-$ROOT/webapp/dist}" \
    "$bin" serve >"$LOCAL/bench-serve-speed.log" 2>&1 &
  server=$!
  trap 'kill $server ${LOCALSTRIPE_PID:-} 2>/dev/null || true' EXIT
  wait_ready "$shop" "$server"
  # One warm-up of each (the first answer of a kept public read is compressed then).
  curl -fsS -o /dev/null -H 'Accept-Encoding: br, gzip' "$shop/api/catalogue"
  curl -fsS -o /dev/null -H 'Accept-Encoding: br, gzip' "$shop/api/openapi.json"
  log "$bin (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  t() { curl -fsS -o /dev/null -w '%{time_total}\n' "$@"; }
  printf '  %-10s %s\n' catalogue "$(for _ in $(seq "$rounds"); do t -H 'Accept-Encoding: br, gzip' "$shop/api/catalogue"; done | summary)"
  printf '  %-10s %s\n' openapi "$(for _ in $(seq "$rounds"); do t -H 'Accept-Encoding: br, gzip' "$shop/api/openapi.json"; done | summary)"
  printf '  %-10s %s\n' cart "$(for _ in $(seq "$rounds"); do
    cart=$(curl -fsS -X POST "$shop/api/carts" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
    t -X PUT -H 'Content-Type: application/json' -d '{"plan":"singleUser","billingCycle":"monthly","quantity":1}' \
      "$shop/api/carts/$cart/package"
  done | summary)"
  printf '  %-10s %s\n' sign-in "$(for _ in $(seq 5); do
    t -H 'Content-Type: application/json' -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$shop/api/admin/login"
  done | summary)"
  kill "$server"; wait "$server" 2>/dev/null || true
  trap '[ -z "${LOCALSTRIPE_PID:-}" ] || kill $LOCALSTRIPE_PID 2>/dev/null || true' EXIT
  drop_database "$db"
done
