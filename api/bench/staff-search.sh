#!/usr/bin/env bash
# The staff order search at 1,000,000 orders (issue 18, item 4: p99 < 20 ms, one client).
# A scratch database gets 1,000,000 orders in the three order views (api/bench/staff-search.sql,
# payloads copied from real rows), which the views' triggers copy into order_search; the
# release server answers GET /api/admin/orders to a signed-in support member, and one client
# (api/bench/staff_search.py) times ~200 requests of each kind of search: the first page,
# page 50 by following `next`, an order-number prefix, part of an e-mail address, phone
# digits as people write them, a payment reference; then the two hardest texts, an e-mail
# part most orders share and a text nothing matches. Each search's plan at this size is
# printed too (EXPLAIN ANALYZE), to show which index answers it.
# Usage: bash api/bench/staff-search.sh   (not part of .ci/test). BENCH_DB names the scratch
# database (dropped at the end), BENCH_ORDERS the size (default 1000000), BENCH_REQUESTS the
# requests per row (default 200), VOIP_SHOP_BIN a server built elsewhere (it must hold
# order_search: the migration 20261129100001).
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
source "$ROOT/api/bench/lib.sh"
cd "$ROOT"
ensure_psql
ensure_database_server
db="${BENCH_DB:-voip_bench_staff_search}"
orders="${BENCH_ORDERS:-1000000}"
requests="${BENCH_REQUESTS:-200}"
drop_database "$db"
url=$(ensure_database "$db")
shop_bin=$(bench_shop_bin)
out="${BENCH_OUT:-$LOCAL/bench-staff-search}"
mkdir -p "$out"
start_bench_server "$url" "$out/server.log" "$db"

log "filling the order views to $orders orders (the search follows by trigger)"
started=$(date +%s)
psql "$url" -v ON_ERROR_STOP=1 -q -v orders="$orders" -f "$ROOT/api/bench/staff-search.sql"
log "order_search: $(psql "$url" -qAt -c 'select count(*) from order_search') rows in $(( $(date +%s) - started )) s"

log "signing in as support"
cookie=$(support_cookie "$url")

# 50 orders picked at random (service and hardware), each searched as support would: the number's first 9
# characters (SB-1012345 -> SB-101234, ten orders), the address before the @, the first
# phone number spaced as written (020 4350 3436, 0161 496 0001), the first payment reference.
psql "$url" -qAt -F $'\t' -v ON_ERROR_STOP=1 >"$out/samples.tsv" <<'SQL'
CREATE TEMPORARY TABLE picked AS
SELECT * FROM order_search TABLESAMPLE BERNOULLI (1) REPEATABLE (18) WHERE kind <> 'trial' ORDER BY md5(id) LIMIT 50;
SELECT 'number', left(order_number, 9) FROM picked
UNION ALL SELECT 'email', split_part(email, '@', 1) FROM picked
UNION ALL SELECT 'phone', CASE WHEN d LIKE '020%' THEN '020 ' || substr(d, 4, 4) || ' ' || substr(d, 8)
                               ELSE '0161 ' || substr(d, 5, 3) || ' ' || substr(d, 8) END
            FROM (SELECT split_part(phone_digits, ' ', 1) AS d FROM picked) p
UNION ALL SELECT 'ref', refs[1] FROM picked;
SQL

log "the plans at this size (EXPLAIN ANALYZE of the statements the server runs)"
sample() { awk -F'\t' -v k="$1" '$1 == k { print $2; exit }' "$out/samples.tsv"; }
cursor=$(psql "$url" -qAt -c "SELECT placed_at FROM order_search ORDER BY placed_at DESC, kind DESC, id DESC OFFSET 999 LIMIT 1")
newest="ORDER BY placed_at DESC, kind DESC, id DESC"
ways() {  # $1: the text; $2: its digits when it is a phone number
  local text=${1//\'/\'\'} like w
  like=$(sed -e 's/[\\%_]/\\&/g' <<<"$text")  # as the server escapes it (search.rs escape_like)
  w="lower(order_number) LIKE lower('$like') || '%' ESCAPE '\\' OR lower(email) LIKE '%' || lower('$like') || '%' ESCAPE '\\'"
  [[ "$text" == *" "* ]] && w=FALSE  # no order number or address holds a space
  [ -n "${2:-}" ] && w="$w OR phone_digits LIKE '%$2%'"
  echo "WITH by_ref AS MATERIALIZED (SELECT * FROM order_search WHERE refs @> ARRAY['$text'])
        SELECT kind, id FROM ((SELECT * FROM order_search WHERE ($w) $newest LIMIT 21)
                              UNION (SELECT * FROM by_ref $newest LIMIT 21)) found $newest LIMIT 21"
}
phone=$(sample phone)
{
  echo "== first page"; echo "SELECT kind, id FROM order_search $newest LIMIT 21"
  echo "== page 50"; echo "SELECT kind, id FROM order_search WHERE (placed_at, kind, id) < ('$cursor', 'service', '') $newest LIMIT 21"
  echo "== number prefix $(sample number)"; ways "$(sample number)"
  echo "== e-mail part $(sample email)"; ways "$(sample email)"
  echo "== phone $phone"; ways "$phone" "$(tr -cd 0-9 <<<"$phone")"
  echo "== payment reference $(sample ref)"; ways "$(sample ref)"
  echo "== e-mail part example.com"; ways "example.com"
  echo "== no match"; ways "nobody@nowhere.example"
} | awk -v url="$url" '
  /^== / { if (sql != "") run(); title = $0; sql = ""; next }
  { sql = sql " " $0 }
  END { run() }
  function run() {
    print title
    cmd = "psql \"" url "\" -qAt"
    print "EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " sql ";" | cmd
    close(cmd)
  }' >"$out/plans.txt"
grep -E '^==|Index|Execution' "$out/plans.txt" | sed -E 's/ +\(actual.*//; s/^ +(->)? */    /'

log "one client, $requests requests a row"
python3 "$ROOT/api/bench/staff_search.py" "$shop" "$cookie" "$out/samples.tsv" "$requests" | tee "$out/table.md"
echo "staff-search.sh $(date -u +%FT%TZ), $(nproc) cores (load average $(cut -d' ' -f1-3 /proc/loadavg)), $orders orders, ${VOIP_SHOP_BIN:-$(git rev-parse --short HEAD)$(git diff --quiet || echo '+changes')}"
