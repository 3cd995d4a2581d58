#!/usr/bin/env bash
# Benchmark of the number search (issue 3): 1,000,000 numbers in a scratch database, then
#   1. latency: one client, searches by area code and type, p50/p99 as wrk measures them
#      on loopback (the server's own time plus a loopback round trip);
#   2. throughput: 50 concurrent clients for 20 s.
# Usage: bash api/bench/number-search.sh   (installs wrk from Debian when missing)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
command -v wrk >/dev/null || apt_install wrk
ensure_database_server
db=voip_bench
drop_database "$db"
url=$(ensure_database "$db")
log "building the server (release)"
cargo build --release --quiet --bin voip-shop
port=$(free_port)
server=
start_server() {  # $1: log filter
  DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG="$1" NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
    "$ROOT/target/release/voip-shop" serve >"$LOCAL/bench-server.log" 2>&1 &
  server=$!
  wait_ready "http://127.0.0.1:$port" "$server"
}
stop_server() { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; }
trap 'stop_server; drop_database $db' EXIT
start_server warn

log "filling the stock to 1,000,000 numbers"
psql "$url" -v ON_ERROR_STOP=1 -q -f "$ROOT/api/bench/million-numbers.sql"
log "stock: $(psql "$url" -qAt -c 'select count(*) from number_inventory') numbers"

lua="$ROOT/api/bench/number-search.lua"
log "warming up"
wrk -t1 -c4 -d5s -s "$lua" "http://127.0.0.1:$port" >/dev/null

log "latency: 1 client, 20 s (the server logs each response's own time)"
stop_server
start_server "warn,tower_http=info"
wrk -t1 -c4 -d3s -s "$lua" "http://127.0.0.1:$port" >/dev/null
: >"$LOCAL/bench-server.log"
wrk -t1 -c1 -d20s --latency -s "$lua" "http://127.0.0.1:$port" | tee "$LOCAL/bench-latency.txt"
grep -aoE 'latency=[0-9]+ μs' "$LOCAL/bench-server.log" | grep -oE '[0-9]+' | sort -n | awk '
  { v[NR] = $1 } END { if (NR == 0) exit 1;
    printf "server-side over %d searches: p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms\n",
      NR, v[int(NR*0.5)]/1000, v[int(NR*0.9)]/1000, v[int(NR*0.99)]/1000, v[NR]/1000 }' | tee -a "$LOCAL/bench-latency.txt"

log "throughput: 50 clients, 20 s"
stop_server
start_server warn
wrk -t2 -c50 -d20s --latency -s "$lua" "http://127.0.0.1:$port" | tee "$LOCAL/bench-throughput.txt"
