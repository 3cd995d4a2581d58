#!/usr/bin/env bash
# Scale benchmark (issue 18): the shop's hot paths and its two bulk tools as the store grows.
# Drives CARTS real carts through the API (5 commands each: create, package, billing cycle x3)
# against the release server on a scratch database, then multiplies those carts' events in
# SQL (each copy a new cart id) to each size asked, and at every size measures:
#   - 5 cart commands and a GET of each cart, one client: p50/p95 (new carts on the big store);
#   - `voip-shop rebuild-views` (first run fills the views, second is a rebuild of a live shop),
#     against PostgreSQL's own COPY read of the same events in global order;
# then `voip-shop import-numbers` of a LINES-line file against PostgreSQL loading the same
# file itself (COPY into a temp table, INSERT ... SELECT into number_inventory, rolled back),
# with the import's peak memory, and the server's RSS. Databases voip_bench_h18_* are
# dropped at the end. Not part of .ci/test (minutes at a million, longer at ten million).
# BENCH_PORT and BENCH_STRIPE_PORT pick the ports (default: free ones).
# Usage: bash api/bench/scale.sh [SIZES (events, comma-separated)] [IMPORT_LINES] [CARTS]
#   e.g. bash api/bench/scale.sh 1000000,10000000 1000000 200
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
sizes="${1:-1000000,10000000}"
lines="${2:-1000000}"
carts="${3:-200}"
ensure_database_server
db=voip_bench_h18_scale
drop_database "$db"
url=$(ensure_database "$db")
unset STRIPE_SECRET_KEY STRIPE_PUBLISHABLE_KEY
use_stripe_stand_in "${BENCH_STRIPE_PORT:-$(free_port)}"
stand_in=${LOCALSTRIPE_PID:-}
# VOIP_SHOP_BIN: a server built elsewhere (another checkout, to compare); else this one's,
# built as api/bench/ratios.sh builds it so the two share one build.
shop="${VOIP_SHOP_BIN:-$ROOT/target/release/voip-shop}"
if [ -z "${VOIP_SHOP_BIN:-}" ]; then
  log "building the server (release)"
  cargo build --release --quiet -p api --features bench-baseline --bin voip-shop
fi
work=$(mktemp -d)
server=""
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  if [ -n "$stand_in" ]; then kill "$stand_in" 2>/dev/null || true; fi
  rm -rf "$work"
  drop_database "$db"
}
trap cleanup EXIT
sql() { psql_admin "$url" "$@"; }
now() { date +%s.%N; }
seconds() { python3 -c "print(f'{$2 - $1:.2f}')"; }
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

port=${BENCH_PORT:-$(free_port)}
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn WEBAPP_DIR="$ROOT/webapp/dist" \
  "$shop" serve >"$LOCAL/bench-scale-server.log" 2>&1 &
server=$!
wait_ready "http://127.0.0.1:$port" "$server"

declare -A row rb
measure() { # $1: the label; drives $carts new carts and reads them back
  local events answer
  answer=$(python3 "$ROOT/api/bench/scale.py" "http://127.0.0.1:$port" "$carts")
  # The store as measured: with the carts just driven (the small store is those alone).
  events=$(sql -c "select count(*) from events")
  row[$1]="$events $(python3 -c "import json,sys; a=json.loads(sys.argv[1]); print(a['command_p50'], a['command_p95'], a['get_p50'])" "$answer")"
  log "$1: events, command p50/p95, GET p50 (ms): ${row[$1]}"
}

rebuild() { # $1: the label; times rebuild-views twice and the COPY read of the events
  local start first second copy
  start=$(now)
  DATABASE_URL="$url" RUST_LOG=warn "$shop" rebuild-views
  first=$(seconds "$start" "$(now)")
  start=$(now)
  DATABASE_URL="$url" RUST_LOG=warn /usr/bin/time -f '%M' -o "$work/rebuild-rss" "$shop" rebuild-views
  second=$(seconds "$start" "$(now)")
  start=$(now)
  sql -c "copy (select * from events order by global_sequence) to stdout" >/dev/null
  copy=$(seconds "$start" "$(now)")
  rb[$1]="$first $second $copy $(( $(cat "$work/rebuild-rss") / 1024 ))"
  log "$1: rebuild first/second, COPY read (s), rebuild peak RSS (MB): $first $second $copy"
}

measure small
# The template: the carts made above, with their events; each copy is a new cart id.
sql -c "create table bench_template as select aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata from events where aggregate_type = 'Cart'"
per_copy=$(sql -c "select count(*) from bench_template")
copy=0
for size in ${sizes//,/ }; do
  have=$(sql -c "select count(*) from events")
  need=$(( (size - have + per_copy - 1) / per_copy ))
  log "multiplying $per_copy cart events x $need to reach $size events"
  while [ "$need" -gt 0 ]; do
    step=$(( need < 500 ? need : 500 ))
    sql -c "insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
            select t.aggregate_type, md5(t.aggregate_id || '/' || k)::uuid::text, t.sequence, t.event_type, t.event_version, t.payload, t.metadata
            from generate_series($((copy + 1)), $((copy + step))) k, bench_template t
            order by k, t.aggregate_id, t.sequence"
    copy=$((copy + step)); need=$((need - step))
  done
  sql -c "vacuum analyze events"
  rebuild "$size"
  measure "$size"
done

log "import: writing a $lines-line stock file"
python3 -c "
import sys
print('country,number,type,area_code')
for n in range($lines):
    print(f'GB,+441{2 + n // 1000000:03d}{n % 1000000:06d},geographic,01{2 + n // 1000000:03d}')
" >"$work/stock.csv"
start=$(now)
sql <<SQL
begin;
create temporary table stock_load (country text, number text, type text, area_code text);
\copy stock_load from '$work/stock.csv' with (format csv, header true)
insert into number_inventory (value, country, number_type, area_code, national)
select substr(number, 2), country, type, area_code, '0' || substr(number, 4) from stock_load
on conflict (value) do nothing;
rollback;
SQL
pg_load=$(seconds "$start" "$(now)")
start=$(now)
DATABASE_URL="$url" RUST_LOG=warn /usr/bin/time -f '%M' -o "$work/import-rss" "$shop" import-numbers "$work/stock.csv" | tail -1
import=$(seconds "$start" "$(now)")
rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/$server/status")

echo
echo "| store | events | 5 cart commands p50 / p95 (ms) | GET /api/carts/{id} p50 (ms) | rebuild-views: fills / again (s) | COPY read (s) | ratio (COPY / again) | rebuild peak RSS (MB) |"
echo "|---|---|---|---|---|---|---|---|"
read -r events p50 p95 get <<<"${row[small]}"
echo "| small | $events | $p50 / $p95 | $get | - | - | - | - |"
small_p50=$p50
for size in ${sizes//,/ }; do
  read -r events p50 p95 get <<<"${row[$size]}"
  read -r first second copy mem <<<"${rb[$size]}"
  echo "| $size | $events | $p50 / $p95 (x$(ratio "$p50" "$small_p50")) | $get | $first / $second | $copy | $(ratio "$copy" "$second") | $mem |"
done
echo
echo "| import-numbers, $lines lines | time (s) | PostgreSQL's own load (s) | ratio (PostgreSQL / import) | import peak RSS (MB) |"
echo "|---|---|---|---|---|"
echo "| | $import | $pg_load | $(ratio "$pg_load" "$import") | $(( $(cat "$work/import-rss") / 1024 )) |"
echo
echo "server RSS at the end: $rss MB"
