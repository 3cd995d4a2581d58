#!/usr/bin/env bash
# The admin audit log at 1,000,000 entries (issue 18, item 4: keyset pages, p99 < 20 ms with
# one client). A scratch database gets BENCH_ROWS entries (default 1,000,000) over 2,000
# catalogue items and 5 staff members, written straight into hardware_audit as the
# projection writes them; the release server answers GET /api/admin/audit-log to a signed-in
# support member, and one client (api/bench/audit_log.py) times BENCH_REQUESTS requests
# (default 200) of: the newest page, page 50 by following `next`, one item's changes, one
# staff member's changes, and a page deep in one member's changes.
# Usage: bash api/bench/audit-log.sh   (not part of .ci/test). BENCH_DB names the scratch
# database (dropped at the end); VOIP_SHOP_BIN a server built elsewhere.
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
source "$ROOT/api/bench/lib.sh"
cd "$ROOT"
ensure_psql
ensure_database_server
db="${BENCH_DB:-voip_bench_audit_log}"
rows="${BENCH_ROWS:-1000000}"
requests="${BENCH_REQUESTS:-200}"
drop_database "$db"
url=$(ensure_database "$db")
shop_bin=$(bench_shop_bin)
start_bench_server "$url" "$LOCAL/bench-audit-log-server.log" "$db"

log "filling the audit log to $rows entries"
psql_admin "$url" -c "
  INSERT INTO hardware_audit (item_id, sequence, actor, at, action, item_name, changes)
  SELECT 'item-' || (n % 2000), n / 2000 + 1, 'staff' || (n % 5) || '@talkbridge.example',
         timestamptz '2024-01-01' + n * interval '90 seconds',
         (ARRAY['created', 'updated', 'stock changed', 'archived'])[n % 4 + 1],
         'Desk phone ' || (n % 2000),
         jsonb_build_array(jsonb_build_object('field', 'pricePence', 'from', n % 9000, 'to', n % 9000 + 100))
    FROM generate_series(1, $rows) n"
psql_admin "$url" -c "VACUUM ANALYZE hardware_audit"
log "audit log: $(psql_admin "$url" -c 'select count(*) from hardware_audit') entries"

cookie=$(support_cookie "$url")
python3 "$ROOT/api/bench/audit_log.py" "$shop" "$cookie" "$requests"
