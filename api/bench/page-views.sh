#!/usr/bin/env bash
# Benchmark of the page-view beacon (issue 20): does a flood of page views slow the shop?
#   1. the p99 of GET /api/hardware/ alone (2 connections, 20 s, wrk's own latency);
#   2. the same again while a second wrk posts page views at RATE a second (default 2,500;
#      wrk paces each of its 25 connections with a pause between requests);
# then prints both p99s, the page-view rate achieved, and the rows written to page_views
# (the writer queues views and stores them in batches; a view over the queue is dropped and
# counted in talkbridge_page_views_total{outcome="dropped_queue_full"}).
# Usage: bash api/bench/page-views.sh   (a scratch database; installs wrk from Debian when
# missing; not part of .ci/test)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
command -v wrk >/dev/null || apt_install wrk
ensure_database_server
db=voip_bench_page_views
rate="${RATE:-2500}"
connections=25
seconds=20
drop_database "$db"
url=$(ensure_database "$db")
log "building the server (release)"
cargo build --release --quiet --bin voip-shop
port=$(free_port)
base="http://127.0.0.1:$port"
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
  "$ROOT/target/release/voip-shop" serve >"$LOCAL/bench-page-views-server.log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true; drop_database "$db"' EXIT
wait_ready "$base" "$server"
curl -fsS "$base/api/hardware/" >/dev/null

# wrk --latency prints "     99%   1.23ms": in milliseconds.
p99() { awk '$1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 }
  else if (v ~ /ms$/) { sub(/ms$/, "", v) } else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }
  printf "%.2f", v }' "$1"; }
hardware() { wrk -t1 -c2 -d"${seconds}s" --latency "$base/api/hardware/" >"$1"; }
views_counted() { curl -fsS "$base/metrics" | awk -v outcome="$1" \
  'index($0, "talkbridge_page_views_total{outcome=\"" outcome "\"}") == 1 { print $2; found = 1 } END { if (!found) print 0 }'; }

log "warming up"
wrk -t1 -c2 -d5s "$base/api/hardware/" >/dev/null
wrk -t1 -c5 -d3s -s "$ROOT/api/bench/page-views.lua" "$base" -- 10 >/dev/null
sleep 2
psql "$url" -qAt -c "TRUNCATE page_views" >/dev/null
before_written=$(views_counted written)
before_dropped=$(views_counted dropped_queue_full)

log "1. GET /api/hardware/ alone: 2 connections, ${seconds} s"
hardware "$LOCAL/bench-hardware-alone.txt"

pause=$(( connections * 1000 / rate ))
log "2. the same while page views are posted at up to $rate a second ($connections connections, a ${pause} ms pause each)"
wrk -t1 -c"$connections" -d"$((seconds + 4))s" -s "$ROOT/api/bench/page-views.lua" "$base" -- "$pause" \
  >"$LOCAL/bench-page-views.txt" &
flood=$!
sleep 2
hardware "$LOCAL/bench-hardware-busy.txt"
wait "$flood"
sleep 2  # the writer flushes at least every second

sent=$(awk '/requests in/ { print $1 }' "$LOCAL/bench-page-views.txt")
view_rate=$(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$LOCAL/bench-page-views.txt")
refused=$(awk '/Non-2xx/ { print $NF }' "$LOCAL/bench-page-views.txt")
rows=$(psql "$url" -qAt -c "SELECT count(*) FROM page_views")
visitors=$(psql "$url" -qAt -c "SELECT count(DISTINCT visitor) FROM page_views")
written=$(( $(views_counted written) - before_written ))
dropped=$(( $(views_counted dropped_queue_full) - before_dropped ))
alone=$(p99 "$LOCAL/bench-hardware-alone.txt")
busy=$(p99 "$LOCAL/bench-hardware-busy.txt")
echo
echo "GET /api/hardware/ alone:               p99 ${alone} ms ($(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$LOCAL/bench-hardware-alone.txt") requests/s)"
echo "GET /api/hardware/ with page views:     p99 ${busy} ms ($(awk '/Requests\/sec/ { printf "%.0f", $2 }' "$LOCAL/bench-hardware-busy.txt") requests/s)"
echo "page views posted:                      ${sent} in $((seconds + 4)) s, ${view_rate} a second, ${refused:-0} not answered 204"
echo "page views written (rows in page_views): ${rows} (${visitors} visitors); the writer counted ${written} written, ${dropped} dropped for a full queue"
