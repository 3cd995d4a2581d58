#!/usr/bin/env bash
# Two builds of the server side by side, in interleaved rounds on one machine (issue 29): a
# machine whose speed drifts between two ratios.sh runs (the bare axum ceiling moved 86k to
# 125k req/s between runs here) still compares fairly when each round runs both builds.
# Each server has a fresh database of its own; each round is wrk -t2 -c50 on POST /api/carts,
# PUT /api/carts/{id}/package (200 carts) and GET /api/hardware/, build A then build B.
# Usage: bash api/bench/ab.sh BINARY_A BINARY_B [ROUNDS]   (release binaries of voip-shop;
# installs wrk from Debian when missing; not part of .ci/test)
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
[ $# -ge 2 ] || { echo "usage: bash api/bench/ab.sh BINARY_A BINARY_B [ROUNDS]" >&2; exit 2; }
command -v wrk >/dev/null || apt_install wrk
ensure_database_server
bins=("$1" "$2"); rounds="${3:-4}"
out="$LOCAL/bench-ab"; mkdir -p "$out"
ports=(); pids=()
stop() { kill "${pids[@]}" 2>/dev/null || true; wait "${pids[@]}" 2>/dev/null || true; drop_database voip_bench_ab_0; drop_database voip_bench_ab_1; }
trap stop EXIT
for i in 0 1; do
  drop_database "voip_bench_ab_$i"
  url=$(ensure_database "voip_bench_ab_$i")
  ports[i]=$(free_port)
  DATABASE_URL="$url" PORT="${ports[i]}" HOST=127.0.0.1 RUST_LOG=warn NO_COLOR=1 WEBAPP_DIR="$ROOT/webapp/dist" \
    "${bins[i]}" serve >"$out/server-$i.log" 2>&1 &
  pids[i]=$!
  wait_ready "http://127.0.0.1:${ports[i]}" "${pids[i]}"
  python3 - "http://127.0.0.1:${ports[i]}" >"$out/cart-ids-$i" <<'PY'
import json, sys, urllib.request
for _ in range(200):
    with urllib.request.urlopen(urllib.request.Request(sys.argv[1] + "/api/carts", method="POST")) as answer:
        print(json.load(answer)["id"])
PY
done
rate() { awk '/Requests\/sec/ { printf "%.0f", $2 }'; }
echo "ab.sh $(date -u +%FT%TZ), $(nproc) cores, A=${bins[0]}, B=${bins[1]}"
echo "| round | build | POST /api/carts | PUT /api/carts/{id}/package | GET /api/hardware/ |"
echo "|---|---|---|---|---|"
for round in $(seq 1 "$rounds"); do
  for i in 0 1; do
    base="http://127.0.0.1:${ports[i]}"
    create=$(wrk -t2 -c50 -d5s -s api/bench/carts.lua "$base" -- create 2>/dev/null | rate)
    package=$(wrk -t2 -c50 -d5s -s api/bench/carts.lua "$base" -- package "$out/cart-ids-$i" 2>/dev/null | rate)
    hardware=$(wrk -t2 -c50 -d4s "$base/api/hardware/" 2>/dev/null | rate)
    echo "| $round | $([ "$i" = 0 ] && echo A || echo B) | $create | $package | $hardware |"
  done
done | tee "$out/table.md"
