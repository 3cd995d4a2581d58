#!/usr/bin/env bash
# Writes docs/schema.sql: the database's schema as the migrations leave it (pg_dump
# --schema-only), so a reader sees every table, view and function in one place instead of
# replaying migrations that redefine them. `--check` compares it with the committed file
# instead, and fails naming this script when they differ (.ci/test runs that). It runs the
# migrations with psql in a scratch database, dropped at the end; api/scripts/sqlx-prepare.sh
# runs it too, so the query data and the schema are regenerated together.
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"

ensure_database_server
db="voip_schema_dump_$$"
url=$(ensure_database "$db")
trap 'drop_database "$db"' EXIT
for migration in migrations/*.sql; do
  psql_admin "$url" -1 -f "$migration" >/dev/null
done

# Stable output: no owners or grants of this machine's roles, no version banner, and none of
# the random `\restrict` keys that pg_dump 15.14 and later write.
dump() {
  pg_dump --schema-only --no-owner --no-privileges "$url" \
    | grep -v -E '^(\\restrict|\\unrestrict|-- Dumped (from|by) )' \
    | cat -s
}
schema="docs/schema.sql"
header="-- The database schema the migrations make (migrations/), written by api/scripts/schema-dump.sh.
-- Generated: do not edit; change a migration and run the script.
"
if [ "${1:-}" = "--check" ]; then
  if ! diff -u "$schema" <(printf '%s\n' "$header"; dump) >"$LOCAL/schema.diff"; then
    head -n 40 "$LOCAL/schema.diff" >&2
    log "docs/schema.sql is not the migrations' schema: run \`bash api/scripts/schema-dump.sh\` and commit it"
    exit 1
  fi
  log "docs/schema.sql is the migrations' schema"
else
  { printf '%s\n' "$header"; dump; } >"$schema"
  log "wrote $schema ($(grep -c '^CREATE TABLE' "$schema") tables, $(grep -c '^CREATE VIEW' "$schema") views, $(grep -c '^CREATE FUNCTION' "$schema") functions)"
fi
