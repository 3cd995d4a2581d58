#!/usr/bin/env bash
# Call setup at a million call records (issue 44): how long the registrar's calls-out decision
# (sip_call_out, migrations/*_call_controls.sql) takes when the shop has 1,000,000 rows of call
# records (sip_acc: 500,000 answered calls out, each an INVITE and its END) across 1,000
# owners, with their counters (sip_usage) and their calls (sip_calls). Each setup is timed in
# the database (clock_timestamp around the call), followed by the call's end as the registrar
# writes it (the trigger moves the counters), so calls at once never refuse it; half the
# owners pay from credit, half from included minutes. For contrast it also times what a call
# setup read before the counters: the minutes spoken this month, summed from every record of
# the owner (the old sip_minutes_used view over call_records).
# Usage: bash api/bench/call-setup.sh [SETUPS]   (default 2000; a database of its own,
# voip_bench_call_setup, dropped at the end; not part of .ci/test)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
setups="${1:-2000}"
ensure_database_server
db=voip_bench_call_setup
drop_database "$db"
url=$(ensure_database "$db")
trap 'drop_database "$db"' EXIT
step() { log "[$1/5] $2"; }

step 1 "building and migrating (target/debug/voip-shop migrate: the migrations and the dial plan)"
cargo build --quiet --bin voip-shop
DATABASE_URL="$url" RUST_LOG=warn "$ROOT/target/debug/voip-shop" migrate >/dev/null

step 2 "1,000 owners with 2 extensions and a number each (odd: Pay As You Go with £100; even: 5,000 minutes a month)"
psql_admin "$url" <<'SQL'
INSERT INTO customer_accounts (id, email, first_name, last_name, company_name, phone)
VALUES ('00000000-0000-0000-0000-000000000001', 'bench@example.com', 'Bench', 'Mark', 'Bench Ltd', '+442079460000');
INSERT INTO sip_accounts (username, owner, number, domain, may_call_out)
SELECT 'bench' || o || x, 'bench-order-' || o, (100 + x)::text, 'sip.bench', true
FROM generate_series(1, 1000) o, generate_series(1, 2) x;
INSERT INTO sip_extensions (owner, account_id, number, username, secret_digest)
SELECT 'bench-order-' || o, '00000000-0000-0000-0000-000000000001', (100 + x)::text, 'bench' || o || x, 'x'
FROM generate_series(1, 1000) o, generate_series(1, 2) x;
INSERT INTO sip_numbers (number, owner, ring_all) SELECT (442079000000 + o)::text, 'bench-order-' || o, false FROM generate_series(1, 1000) o;
INSERT INTO sip_prepaid_owners (owner) SELECT 'bench-order-' || o FROM generate_series(1, 1000, 2) o;
INSERT INTO call_credit_view (view_id, version, payload)
SELECT 'bench-order-' || o, 1, '{"balanceTenths": 1000000}'::json FROM generate_series(1, 1000, 2) o;
INSERT INTO sip_minute_allowances (owner, minutes, monthly) SELECT 'bench-order-' || o, 5000, true FROM generate_series(2, 1000, 2) o;
SQL

step 3 "1,000,000 call records (500,000 calls out over 28 days), their calls and counters"
psql_admin "$url" <<'SQL'
ALTER TABLE sip_acc DISABLE TRIGGER sip_acc_moves_calls;
INSERT INTO sip_acc (method, callid, call, sip_code, sip_reason, direction, caller, callee, number, extension, started, at)
SELECT 'INVITE', 'cid-' || i, 'bench-' || i, '200', 'OK', 'outbound', u, '+447400123456', '442079460000', u,
       (extract(epoch FROM now()) - (i % (28 * 86400)))::text, (extract(epoch FROM now()) - (i % (28 * 86400)) + 1)::text
FROM generate_series(1, 500000) i, LATERAL (SELECT 'bench' || (1 + i % 1000) || (1 + i % 2) AS u) n;
INSERT INTO sip_acc (method, callid, call, direction, at)
SELECT 'END', '', 'bench-' || i, 'outbound', (extract(epoch FROM now()) - (i % (28 * 86400)) + 61)::text
FROM generate_series(1, 500000) i;
ALTER TABLE sip_acc ENABLE TRIGGER sip_acc_moves_calls;
INSERT INTO sip_calls (call, owner, username, callee, class, tariff, rate_tenths, max_seconds, started_at, answered_at, ended_at)
SELECT 'bench-' || i, 'bench-order-' || (1 + i % 1000), 'bench' || (1 + i % 1000) || (1 + i % 2), '+447400123456', 'uk_mobile',
       CASE WHEN (1 + i % 1000) % 2 = 1 THEN 'credit' ELSE 'minutes' END, 0, 3600,
       now() - make_interval(secs => i % (28 * 86400)), now() - make_interval(secs => i % (28 * 86400) - 1),
       now() - make_interval(secs => i % (28 * 86400) - 61)
FROM generate_series(1, 500000) i;
INSERT INTO sip_usage (owner, day, calls, seconds, minutes, spend_tenths)
SELECT 'bench-order-' || o, (now() AT TIME ZONE 'Europe/London')::date - d, 18, 1080, 18, 0
FROM generate_series(1, 1000) o, generate_series(0, 27) d;
ANALYZE;
SQL
log "$(psql_admin "$url" -c "SELECT count(*) FROM sip_acc") rows in sip_acc, $(psql_admin "$url" -c "SELECT count(*) FROM sip_calls") in sip_calls"

step 4 "$setups call setups through sip_call_out, each followed by its end"
psql_admin "$url" -c "CREATE UNLOGGED TABLE bench_setup (ms float8)" >/dev/null
psql_admin "$url" <<SQL
DO \$\$
DECLARE
    t0 timestamptz;
    r  record;
    c  text;
BEGIN
    FOR i IN 1..$setups LOOP
        c := 'setup-' || i;
        t0 := clock_timestamp();
        SELECT * INTO r FROM sip_call_out('bench' || (1 + (random() * 999)::int) || (1 + (random())::int), '447400123456', c);
        INSERT INTO bench_setup VALUES (extract(epoch FROM clock_timestamp() - t0) * 1000);
        IF r.refusal IS NOT NULL THEN
            RAISE EXCEPTION 'setup % refused: %', i, r.refusal;
        END IF;
        INSERT INTO sip_acc (method, call, sip_code, at) VALUES ('INVITE', c, '200', extract(epoch FROM clock_timestamp())::text);
        INSERT INTO sip_acc (method, call, direction, at) VALUES ('END', c, 'outbound', (extract(epoch FROM clock_timestamp()) + 30)::text);
    END LOOP;
END
\$\$;
SQL
read -r p50 p99 max mean <<<"$(psql_admin "$url" -F ' ' -c "SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 3),
  round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 3), round(max(ms)::numeric, 3), round(avg(ms)::numeric, 3) FROM bench_setup")"

step 5 "before the counters: the month's minutes summed from the owner's call records (20 reads)"
psql_admin "$url" -c "CREATE UNLOGGED TABLE bench_old (ms float8)" >/dev/null
psql_admin "$url" <<'SQL'
DO $$
DECLARE
    t0 timestamptz;
    m  bigint;
BEGIN
    FOR i IN 1..20 LOOP
        t0 := clock_timestamp();
        SELECT sum((duration_seconds + 59) / 60) INTO m
        FROM call_records
        WHERE owner = 'bench-order-' || (1 + (random() * 999)::int)
          AND direction = 'outbound' AND outcome = 'answered' AND duration_seconds IS NOT NULL
          AND started_at >= date_trunc('month', now());
        INSERT INTO bench_old VALUES (extract(epoch FROM clock_timestamp() - t0) * 1000);
    END LOOP;
END
$$;
SQL
read -r old50 old99 <<<"$(psql_admin "$url" -F ' ' -c "SELECT round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms)::numeric, 1),
  round(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms)::numeric, 1) FROM bench_old")"

echo "call-setup.sh $(date -u +%FT%TZ), $(nproc) cores, PostgreSQL $(psql_admin "$url" -c 'SHOW server_version' | cut -d' ' -f1)"
echo "| at 1,000,000 call records | p50 | p99 | max | mean |"
echo "|---|---|---|---|---|"
echo "| sip_call_out ($setups setups) | ${p50} ms | ${p99} ms | ${max} ms | ${mean} ms |"
echo "| before: the month's minutes from the records (20 reads) | ${old50} ms | ${old99} ms | | |"
