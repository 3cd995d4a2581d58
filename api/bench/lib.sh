#!/usr/bin/env bash
# What the benchmarks that run the release server share (sourced after .ci/lib.sh).

# The release server: VOIP_SHOP_BIN when given (a build from elsewhere, to compare), else
# this checkout's, built as api/bench/ratios.sh builds it so the benchmarks share one build.
bench_shop_bin() {
  if [ -n "${VOIP_SHOP_BIN:-}" ]; then echo "$VOIP_SHOP_BIN"; return; fi
  log "building the server (release)"
  cargo build --release --quiet -p api --features bench-baseline --bin voip-shop
  echo "$ROOT/target/release/voip-shop"
}

# Starts $shop_bin on database $1, logging to $2, on BENCH_PORT or a free port; sets
# `server` (its pid) and `shop` (its address), and on exit stops it and drops database $3.
start_bench_server() {
  local url=$1 log_file=$2 port
  port="${BENCH_PORT:-$(free_port)}"
  shop="http://127.0.0.1:$port"
  DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
    "$shop_bin" serve >"$log_file" 2>&1 &
  server=$!
  bench_db=$3
  trap 'kill $server 2>/dev/null || true; wait $server 2>/dev/null || true; drop_database $bench_db' EXIT
  wait_ready "$shop" "$server"
}

# Adds a support member to database $1 and prints the session cookie of their sign-in.
support_cookie() {
  local url=$1 email=bench-support@example.com password=bench-support-password cookie
  DATABASE_URL="$url" RUST_LOG=warn "$shop_bin" users add --role support "$email" --password "$password" >/dev/null
  cookie=$(curl -fsS -D - -o /dev/null -H 'Content-Type: application/json' \
    -d "{\"email\":\"$email\",\"password\":\"$password\"}" "$shop/api/admin/login" |
    awk 'tolower($1) == "set-cookie:" { sub(/;.*/, "", $2); print $2; exit }')
  [ -n "$cookie" ] || { log "could not sign in as support"; return 1; }
  echo "$cookie"
}
