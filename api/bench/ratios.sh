#!/usr/bin/env bash
# The API's speed as ratios of what its own stack does on this machine, in one run (issue 15):
#   - GET /api/hardware/             vs a bare axum JSON handler          (api/examples/bench_baseline.rs)
#   - GET /api/available_numbers/    vs axum + one sqlx SELECT of the same page
#   - POST /api/carts, PUT .../package vs pgbench, single-row INSERT, 50 clients
# against the release server on a scratch database holding 1,000,000 numbers. Each HTTP row
# is wrk -t2 -c50 -d8s on loopback; p99 is wrk's; RSS is the server's largest resident size
# sampled during the row; "errors" counts non-2xx answers (they are not in the rate).
# The number search is also timed with one client (p99 < 5 ms is the goal). Two rows ask for
# compression as a browser does, to show its cost. The servers take the shop's default pool
# (DATABASE_MAX_CONNECTIONS, passed through when set).
# Usage: bash api/bench/ratios.sh   (installs wrk and pgbench from Debian when missing; not
# part of .ci/test). BENCH_DB names the scratch database (dropped at the end).
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
command -v wrk >/dev/null || apt_install wrk
command -v pgbench >/dev/null || apt_install postgresql-contrib
ensure_database_server
db="${BENCH_DB:-voip_bench_ratios}"
seconds="${BENCH_SECONDS:-8}"
drop_database "$db"
url=$(ensure_database "$db")
# VOIP_SHOP_BIN and BASELINE_BIN: binaries built elsewhere (another checkout, to compare).
shop_bin="${VOIP_SHOP_BIN:-$ROOT/target/release/voip-shop}"
baseline_bin="${BASELINE_BIN:-$ROOT/target/release/examples/bench_baseline}"
if [ -z "${VOIP_SHOP_BIN:-}${BASELINE_BIN:-}" ]; then
  log "building the server and the baseline (release)"
  cargo build --release --quiet -p api --features bench-baseline --bin voip-shop --example bench_baseline
fi
out="${BENCH_OUT:-$LOCAL/bench-ratios}"
mkdir -p "$out"
port="${BENCH_PORT:-$(free_port)}"
base_port="${BENCH_BASELINE_PORT:-$(free_port)}"
shop="http://127.0.0.1:$port"
baseline="http://127.0.0.1:$base_port"
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
  "$shop_bin" serve >"$out/server.log" 2>&1 &
server=$!
baseline_pid=
trap 'kill $server $baseline_pid 2>/dev/null || true; wait $server $baseline_pid 2>/dev/null || true; drop_database $db' EXIT
wait_ready "$shop" "$server"
log "filling the stock to 1,000,000 numbers"
psql "$url" -v ON_ERROR_STOP=1 -q -f "$ROOT/api/bench/million-numbers.sql"
log "stock: $(psql "$url" -qAt -c 'select count(*) from number_inventory') numbers"
DATABASE_URL="$url" PORT="$base_port" "$baseline_bin" >"$out/baseline.log" 2>&1 &
baseline_pid=$!
wait_ready "$baseline" "$baseline_pid"

# The largest VmRSS of $1 in MB while $2... runs.
with_rss() {
  local pid=$1 max=0 rss; shift
  "$@" &
  local job=$!
  while kill -0 "$job" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
    [ "${rss:-0}" -gt "$max" ] && max=$rss
    sleep 0.5
  done
  wait "$job"
  echo $((max / 1024)) >"$out/rss"
}
# wrk's numbers from its output file $1: rate, p99 in ms, non-2xx count.
rate() { awk '/Requests\/sec/ { printf "%.0f", $2 }' "$1"; }
p99() { awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
  else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
  printf "%.2f", v }' "$1"; }
errors() { awk '/Non-2xx|Socket errors/ { n += $NF } END { print n + 0 }' "$1"; }
# measure NAME PID URL [wrk args...]: 2 s of warm-up, then the row.
measure() {
  local name=$1 pid=$2 target=$3; shift 3
  wrk -t2 -c50 -d2s "$target" "$@" >/dev/null
  with_rss "$pid" wrk -t2 -c50 -d"${seconds}s" --latency "$target" "$@" >"$out/$name.txt"
  printf '%s %s %s %s\n' "$(rate "$out/$name.txt")" "$(p99 "$out/$name.txt")" "$(cat "$out/rss")" \
    "$(errors "$out/$name.txt")" >"$out/$name.row"
}

search='/api/available_numbers/?country_code=GB&per_page=50&page=1&areaCode=0161&numberType=geographic'
# wrk asks for no compression; the "br" rows ask as browsers do (Accept-Encoding: br, gzip),
# to show what compressing costs: the kept catalogue is compressed once per change, the
# search per request.
br=(-H 'Accept-Encoding: br, gzip')
log "1/9 bare axum JSON handler"; measure bare "$baseline_pid" "$baseline/json"
log "2/9 GET /api/hardware/"; measure hardware "$server" "$shop/api/hardware/"
log "3/9 GET /api/hardware/, brotli accepted"; measure hardware-br "$server" "$shop/api/hardware/" "${br[@]}"
log "4/9 axum + one sqlx SELECT"; measure select "$baseline_pid" "$baseline/select"
log "5/9 GET /api/available_numbers/ (0161, 50 a page)"; measure numbers "$server" "$shop$search"
log "6/9 GET /api/available_numbers/, brotli accepted"; measure numbers-br "$server" "$shop$search" "${br[@]}"
log "7/9 POST /api/carts"; measure create "$server" "$shop" -s "$ROOT/api/bench/carts.lua" -- create
python3 - "$shop" >"$out/cart-ids" <<'PY'
import json, sys, urllib.request
for _ in range(200):
    with urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/api/carts", method="POST")) as answer:
        print(json.load(answer)["id"])
PY
log "8/9 PUT /api/carts/{id}/package (200 carts)"
measure package "$server" "$shop" -s "$ROOT/api/bench/carts.lua" -- package "$out/cart-ids"

log "one client: GET /api/available_numbers/ for $seconds s"
wrk -t1 -c1 -d"${seconds}s" --latency "$shop$search" >"$out/numbers-one.txt"
hardware_bytes=$(curl -fsS "$shop/api/hardware/" | wc -c)
hardware_br_bytes=$(curl -fsS -H 'Accept-Encoding: br' "$shop/api/hardware/" | wc -c)
numbers_bytes=$(curl -fsS "$shop$search" | wc -c)
numbers_br_bytes=$(curl -fsS -H 'Accept-Encoding: br' "$shop$search" | wc -c)

log "9/9 pgbench: single-row INSERT, 50 clients"
# The servers' pools are closed first: pgbench's 50 connections must fit the database's limit.
kill "$server" "$baseline_pid" 2>/dev/null; wait "$server" "$baseline_pid" 2>/dev/null || true
psql "$url" -v ON_ERROR_STOP=1 -q -c 'CREATE TABLE bench_insert (id bigserial PRIMARY KEY, payload jsonb NOT NULL)'
echo "INSERT INTO bench_insert (payload) VALUES ('{\"a\": 1}');" >"$out/insert.sql"
for attempt in 1 2 3 4 5; do  # others' tests may hold connections for a moment
  pgbench -n -c50 -j2 -T"$seconds" -f "$out/insert.sql" "$url" >"$out/pgbench.txt" 2>&1 && break
  log "pgbench could not open its connections (attempt $attempt): $(grep -m1 error "$out/pgbench.txt")"; sleep 3
done
pg_tps=$(awk '/^tps/ { printf "%.0f", $3 }' "$out/pgbench.txt")

row() {  # what, the route's row file, the ceiling's name, the ceiling's rate
  read -r r p rss e <"$out/$2.row"
  awk -v what="$1" -v r="$r" -v p="$p" -v rss="$rss" -v e="$e" -v cname="$3" -v c="$4" 'BEGIN {
    printf "| %s | %d req/s | %s: %d | %.2f | %.2f ms | %d MB | %d |\n", what, r, cname, c, r / c, p, rss, e }'
}
read -r bare_rate _ <"$out/bare.row"
read -r select_rate _ <"$out/select.row"
{
  echo "ratios.sh $(date -u +%FT%TZ), $(nproc) cores, wrk -t2 -c50 -d${seconds}s, ${VOIP_SHOP_BIN:-$(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes')}"
  echo "| what | rate | the stack's own ceiling, same run | ratio | p99 | server RSS | errors |"
  echo "|---|---|---|---|---|---|---|"
  row "GET /api/hardware/ ($hardware_bytes B)" hardware "bare axum JSON" "$bare_rate"
  row "GET /api/hardware/, brotli accepted ($hardware_br_bytes B)" hardware-br "bare axum JSON" "$bare_rate"
  row "GET /api/available_numbers/ (0161, 50 a page, $numbers_bytes B)" numbers "axum + one SELECT" "$select_rate"
  row "GET /api/available_numbers/, brotli accepted ($numbers_br_bytes B)" numbers-br "axum + one SELECT" "$select_rate"
  row "POST /api/carts" create "pgbench INSERT, 50 clients, tps" "$pg_tps"
  row "PUT /api/carts/{id}/package" package "pgbench INSERT, 50 clients, tps" "$pg_tps"
  read -r r p _ <"$out/bare.row"; echo "| (bare axum JSON handler) | $r req/s | | | $p ms | | |"
  read -r r p _ <"$out/select.row"; echo "| (axum + one sqlx SELECT, 50 rows) | $r req/s | | | $p ms | | |"
  echo "number search, one client: $(rate "$out/numbers-one.txt") req/s, p99 $(p99 "$out/numbers-one.txt") ms"
} | tee "$out/table.md"
