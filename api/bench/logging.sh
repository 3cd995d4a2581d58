#!/usr/bin/env bash
# What request logging costs (issue 31): one release binary, two servers side by side on one
# database, in interleaved rounds so a machine whose speed drifts still compares fairly.
#   quiet:   RUST_LOG=warn (no request line)
#   logging: RUST_LOG=info LOG_FORMAT=json, production's log: one JSON line per request,
#            written to a file by the non-blocking writer (api/src/platform/logging.rs)
# Each round is wrk -t2 -c50 -d${BENCH_SECONDS:-5}s on GET /api/hardware/ against each server.
# The goal: logging costs at most 5% of the quiet server's rate. Also reports the lines
# written and the lines dropped (talkbridge_log_lines_dropped_total).
# Usage: bash api/bench/logging.sh [ROUNDS]   (default 6; installs wrk from Debian when
# missing; VOIP_SHOP_BIN to measure a build from elsewhere; not part of .ci/test)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
source "$ROOT/api/bench/lib.sh"
cd "$ROOT"
command -v wrk >/dev/null || apt_install wrk
ensure_database_server
rounds="${1:-6}"
seconds="${BENCH_SECONDS:-5}"
shop_bin=$(bench_shop_bin)
out="$LOCAL/bench-logging"; mkdir -p "$out"
db=voip_bench_logging
drop_database "$db"
url=$(ensure_database "$db")
names=(quiet logging)
filters=(warn info)
pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; pids=(); }
trap 'stop; drop_database "$db"' EXIT
# Two servers on one machine are not equal: which one started first, and which one wrk meets
# first, moved the rate by 10% with both quiet (an A/A run here). So each round starts both
# afresh, and odd and even rounds swap the order of starting and of measuring.
start() {
  local i=$1
  ports[i]=$(free_port)
  DATABASE_URL="$url" PORT="${ports[i]}" HOST=127.0.0.1 APP_ENV=development LOG_FORMAT=json \
    RUST_LOG="${filters[i]}" NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
    "$shop_bin" serve >>"$logs/${names[i]}.log" 2>&1 &
  pids+=($!)
  wait_ready "http://127.0.0.1:${ports[i]}" "$!"
}
# BENCH_LOG_DIR: where the servers' output goes (default .local/bench-logging, on disk).
logs="${BENCH_LOG_DIR:-$out}"; mkdir -p "$logs"
: >"$logs/quiet.log"; : >"$logs/logging.log"
rate() { awk '/Requests\/sec/ { printf "%.0f", $2 }'; }
echo "logging.sh $(date -u +%FT%TZ), $(nproc) cores, $shop_bin, $rounds rounds of ${seconds}s"
echo "| round | quiet (warn) req/s | logging (info, JSON) req/s | cost |"
echo "|---|---|---|---|"
: >"$out/dropped"
for round in $(seq 1 "$rounds"); do
  order=(0 1); [ $((round % 2)) = 0 ] && order=(1 0)
  ports=()
  for i in "${order[@]}"; do start "$i"; done
  r=()
  for i in "${order[@]}"; do
    r[i]=$(wrk -t2 -c50 -d"${seconds}s" "http://127.0.0.1:${ports[i]}/api/hardware/" 2>/dev/null | rate)
  done
  d=$(curl -fsS "http://127.0.0.1:${ports[1]}/metrics" | awk '/^talkbridge_log_lines_dropped_total/ { print $2 }')
  echo "${d:-0}" >>"$out/dropped"
  stop
  echo "| $round | ${r[0]} | ${r[1]} | $(awk -v q="${r[0]}" -v l="${r[1]}" 'BEGIN { printf "%.1f%%", (q - l) * 100 / q }') |"
done | tee "$out/table.md"
read -r quiet logging < <(awk '/^\| [0-9]/ { q += $4; l += $6 } END { print q, l }' "$out/table.md")
lines=$(grep -c '"answered"' "$logs/logging.log" || true)
echo
echo "total over $rounds rounds: quiet $quiet, logging $logging requests a second summed;" \
  "logging costs $(awk -v q="$quiet" -v l="$logging" 'BEGIN { printf "%.1f%%", (q - l) * 100 / q }') (goal: at most 5%)"
echo "request lines written: $lines (output in $logs); lines dropped (talkbridge_log_lines_dropped_total): $(awk '{ s += $1 } END { print s + 0 }' "$out/dropped")"
