#!/usr/bin/env bash
# Regenerates .sqlx/, the query data sqlx's checked macros (query!, query_as!, query_scalar!)
# read at compile time when SQLX_OFFLINE=true (.cargo/config.toml), so builds need no database.
# Run it after changing a checked query or a migration, and commit .sqlx/ with the change.
#
# Without sqlx-cli: the macros themselves write a query's data into SQLX_OFFLINE_DIR when they
# run online (DATABASE_URL set, SQLX_OFFLINE=false). So this makes a scratch database, runs the
# migrations in it with psql (the server binary cannot be built before the data exists), removes
# the old data, rebuilds every crate with the macros online (a build, not a check, so the
# artefacts serve the next build and test run), and drops the database.
# api/scripts/sqlx-check.py then checks the files match the sources' queries one to one.
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"

ensure_database_server
db="voip_sqlx_prepare_$$"
url=$(ensure_database "$db")
trap 'drop_database "$db"' EXIT

log "migrating the scratch database $db"
for migration in migrations/*.sql; do
  psql_admin "$url" -1 -f "$migration" >/dev/null
done

log "writing the query data into .sqlx/"
mkdir -p .sqlx
rm -f .sqlx/query-*.json
# The macros run again only in crates cargo compiles again: touch each crate's roots.
touch aggregates/src/lib.rs aggregates/store/src/lib.rs projections/src/lib.rs jobs/src/lib.rs api/src/lib.rs api/src/main.rs
SQLX_OFFLINE=false DATABASE_URL="$url" SQLX_OFFLINE_DIR="$ROOT/.sqlx" \
  cargo build --workspace --all-targets --quiet

python3 api/scripts/sqlx-check.py
log "$(ls .sqlx/query-*.json | wc -l) queries in .sqlx/"
# The schema those queries were checked against, for readers (docs/schema.sql).
bash api/scripts/schema-dump.sh
