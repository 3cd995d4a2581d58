#!/usr/bin/env bash
# The soak (issue 31): the release server held at half of its measured capacity for a long
# while under a mixed load, to show nothing creeps: no 5xx, flat memory and connections, no
# command answered whose events are not stored.
#   1. capacity: the mix (browsing, number searches, cart changes, page views) closed-loop
#      with 64 requests in flight for 20 s (api/examples/soak.rs);
#   2. the soak: the same mix open-loop at half that rate, with 10 service checkouts and
#      5 hardware checkouts a minute on the Stripe stand-in, for MINUTES (default 30).
# Reports the 5xx count (the server's own talkbridge_http_requests_total, and as the load
# saw them), p50 and p99 per route, the server's RSS and the database's connections at the
# start and the end, and the answered commands held against the stored events.
# The server runs as production logs (RUST_LOG=info, JSON lines to a file), trusting the load
# as its proxy so each request comes from an address of its own (X-Forwarded-For).
# Usage: bash api/bench/soak.sh [MINUTES]   (not part of .ci/test; VOIP_SHOP_BIN to soak a
# build from elsewhere; SOAK_RATE to set the rate instead of measuring the capacity)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
source "$ROOT/api/bench/lib.sh"
cd "$ROOT"
minutes="${1:-30}"
[[ "$minutes" =~ ^[0-9]+$ ]] && [ "$minutes" -ge 1 ] || { echo "usage: bash api/bench/soak.sh [MINUTES] (a whole number, default 30)" >&2; exit 2; }
ensure_database_server
shop_bin=$(bench_shop_bin)
log "building the load generator (release)"
cargo build --release --quiet -p api --features bench-baseline --example soak
soak_bin="$ROOT/target/release/examples/soak"
out="$LOCAL/bench-soak"; mkdir -p "$out"
db=voip_bench_soak
drop_database "$db"
url=$(ensure_database "$db")
unset STRIPE_SECRET_KEY STRIPE_PUBLISHABLE_KEY
use_stripe_stand_in "$(free_port)"
stand_in=${LOCALSTRIPE_PID:-}
port=$(free_port)
shop="http://127.0.0.1:$port"
register_stand_in_webhook "$port"
# With TRUSTED_PROXY, /metrics answers only its token.
metrics_token="soak-metrics-$(free_port)-$RANDOM$RANDOM"
METRICS_TOKEN="$metrics_token" DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 APP_ENV=development RUST_LOG=info LOG_FORMAT=json TRUSTED_PROXY=1 \
  WEBAPP_DIR="$ROOT/webapp/dist" CARTS_PER_ADDRESS=1000 CARD_SETUPS_PER_ADDRESS=100000 \
  "$shop_bin" serve >"$out/server.log" 2>&1 &
server=$!
trap 'kill $server $stand_in 2>/dev/null || true; wait $server 2>/dev/null || true; drop_database $db' EXIT
wait_ready "$shop" "$server"
[ -d "$ROOT/webapp/dist" ] || log "webapp/dist is missing: page requests answer 404 (run: bash .ci/start once, or npm run build in webapp)"

rss_mb() { awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$server/status"; }
connections() { psql_admin "$ADMIN_DATABASE_URL" -c "SELECT count(*) FROM pg_stat_activity WHERE datname = '$db'"; }
metric_sum() { curl -fsS -H "Authorization: Bearer $metrics_token" "$shop/metrics" | awk -v pattern="$1" '$0 ~ pattern && $0 !~ /^#/ { s += $NF } END { printf "%d", s }'; }

if [ -n "${SOAK_RATE:-}" ]; then
  capacity="not measured (SOAK_RATE)"; rate=$SOAK_RATE
else
  log "measuring capacity (20 s)"
  capacity=$("$soak_bin" capacity "$shop" 20)
  rate=$((capacity / 2))
fi
sleep 5
start_rss=$(rss_mb); start_connections=$(connections)
start_5xx=$(metric_sum 'talkbridge_http_requests_total.*status="5')
since=$(psql_admin "$url" -c "SELECT now()")
log "soaking at $rate requests a second (half of $capacity) for $minutes minutes"
"$soak_bin" run "$shop" "$STRIPE_API_BASE" "$rate" $((minutes * 60)) >"$out/load.json" &
load=$!
# RSS and connections each minute, to see a creep rather than two points.
: >"$out/samples"
while kill -0 "$load" 2>/dev/null; do
  for _ in $(seq 1 60); do sleep 1; kill -0 "$load" 2>/dev/null || break; done
  kill -0 "$load" 2>/dev/null && echo "$(rss_mb) $(connections)" >>"$out/samples"
done
wait "$load"
end_rss=$(rss_mb); end_connections=$(connections)
end_5xx=$(metric_sum 'talkbridge_http_requests_total.*status="5')
dropped_logs=$(metric_sum 'talkbridge_log_lines_dropped_total')

# What the load was answered, held against the event store.
sql() { psql_admin "$url" -c "$1"; }
# Only what the soak sent: the capacity run's events are older than `since`.
stored() { sql "SELECT count(*) FROM events WHERE aggregate_type = '$1' AND event_type = '$2' AND recorded_at >= '$since'"; }
stored_carts=$(stored Cart CartCreated)
stored_packages=$(stored Cart PackageSelected)
stored_completed=$(stored ServiceOrder OrderCompleted)
stored_confirmed=$(stored HardwareOrder OrderConfirmed)
kept_views=$(sql "SELECT count(*) FROM page_views WHERE viewed_at >= '$since'")

python3 - "$out/load.json" <<PY
import json, sys
load = json.load(open(sys.argv[1]))
print(f"soak.sh $(date -u +%FT%TZ), $(nproc) cores, {load['seconds']:.0f} s at {load['rate']:.0f} requests a second "
      f"(half of the measured $capacity), {load['sent']} sent, {load['skipped_over_512_in_flight']} skipped (over 512 in flight), "
      f"no answer: {load['no_answer'] or 0}")
print()
print("| route | answers | p50 ms | p99 ms | statuses |")
print("|---|---|---|---|---|")
for route, r in sorted(load["routes"].items(), key=lambda kv: -kv[1]["answers"]):
    statuses = ", ".join(f"{s}: {n}" for s, n in r["statuses"].items())
    print(f"| {route} | {r['answers']} | {r['p50_ms']:.2f} | {r['p99_ms']:.2f} | {statuses} |")
print()
print(f"5xx answers: {$end_5xx - $start_5xx} (server's metrics over the soak), {load['server_errors']} (as the load saw them)")
print(f"server RSS: $start_rss MB at the start, $end_rss MB at the end; database connections: $start_connections at the start, $end_connections at the end")
print(f"log lines dropped (queue full): $dropped_logs")
samples = [line.split() for line in open("$out/samples") if line.strip()]
print("RSS MB, each minute: " + " ".join(s[0] for s in samples))
print("database connections, each minute: " + " ".join(s[1] for s in samples))
sc, hc = load["service_checkouts"], load["hardware_checkouts"]
print(f"checkouts: service {sc['completed']} completed, {sc['failed']} failed; hardware {hc['confirmed']} confirmed, {hc['failed']} failed")
for error in load["checkout_errors"]:
    print(f"  checkout error: {error}")
print()
print("| answered by the server | count | stored | held |")
print("|---|---|---|---|")
rows = [
    ("carts created (POST /api/carts 2xx)", load["carts_created"], $stored_carts),
    ("plans chosen (PUT .../package 2xx, each another plan)", load["packages_chosen"], $stored_packages),
    ("service orders completed", sc["completed"], $stored_completed),
    ("hardware orders confirmed", hc["confirmed"], $stored_confirmed),
]
for name, answered, stored in rows:
    print(f"| {name} | {answered} | {stored} | {'yes' if answered == stored else 'NO'} |")
print(f"page views answered 204: {load['page_views_answered']}; kept: $kept_views (the rest over 120 a minute from one address, or dropped by the queue)")
PY
