#!/usr/bin/env bash
# Benchmark of the service checkout (issue 4): 200 Single User orders, each placed and
# completed through the API (create-payment-intent, create-setup-intent, the card confirmed
# at the stand-in as Stripe.js would, create-subscription, create-user-account), against
# the release server, a scratch database and a fresh localstripe.
#
# Reported: the server's own time per order at the 50th and 99th percentile, i.e. the sum
# over the four calls of the server's `Server-Timing: total` minus its `stripe` part (the
# time spent waiting for the stand-in), so the stand-in's own speed is left out.
#
# With `hardware` as the second argument it buys desk phones instead (issue 12): a cart
# with two phones, then the hardware checkout's four calls (place, card setup,
# create-hardware-payment, confirm-hardware-payment), measured the same way.
# Usage: bash api/bench/checkout.sh [ORDERS] [service|hardware]
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"
orders="${1:-200}"
flow="${2:-service}"
case "$flow" in
  service) script=checkout.py ;;
  hardware) script=hardware_checkout.py ;;
  *) log "unknown flow $flow: use service or hardware"; exit 2 ;;
esac
ensure_database_server
db=voip_bench_checkout
drop_database "$db"
url=$(ensure_database "$db")
unset STRIPE_SECRET_KEY STRIPE_PUBLISHABLE_KEY
use_stripe_stand_in "$(free_port)"
stand_in=${LOCALSTRIPE_PID:-}
log "building the server (release)"
cargo build --release --quiet --bin voip-shop
port=$(free_port)
# Each order comes from an address of its own (X-Forwarded-For), as from many buyers: the
# per-address limits on password checks would otherwise stop the bench, not measure it.
DATABASE_URL="$url" PORT="$port" HOST=127.0.0.1 RUST_LOG=warn TRUSTED_PROXY=1 WEBAPP_DIR="$ROOT/webapp/dist" \
  "$ROOT/target/release/voip-shop" serve >"$LOCAL/bench-checkout-server.log" 2>&1 &
server=$!
trap 'kill $server $stand_in 2>/dev/null || true; wait $server 2>/dev/null || true; drop_database $db' EXIT
wait_ready "http://127.0.0.1:$port" "$server"
python3 "$ROOT/api/bench/$script" "http://127.0.0.1:$port" "$STRIPE_API_BASE" "$orders"
