#!/usr/bin/env bash
# How long the Rust side of a first start and a first test run takes from nothing (issue 33
# item 7): an empty cargo home (every crate downloaded from crates.io) and an empty target
# directory, then, in order, the cargo commands the scripts run:
#   fetch   cargo fetch (the downloads alone)
#   start   the server build of .ci/start
#   clippy  the lint gate of .ci/test
#   tests   cargo test --workspace --no-run (the Rust tests' build in .ci/test)
#   bin     cargo build --bin voip-shop (the browser tests' and the fuzzing's server)
# Each step prints its wall time and its CPU time (user + sys, from /usr/bin/time -v): the
# machine may be shared, and CPU time is what a quiet machine would spend (its wall time on
# 2 idle cores is about CPU / 1.7 while the build runs two crates at once). A step that finds
# nothing to do shows it: "tests" and "bin" after "start" are the rebuild a test run pays
# after the site was started. The builds write cargo's --timings report (which crates take
# the time) under $BENCH_TARGET/cargo-timings/.
# Usage: bash api/bench/first-start.sh [step ...]   (default: all five, in order)
#   BENCH_START="cargo build --release --bin voip-shop"   measure another start build (the
#     one before issue 33 was this)
#   BENCH_TARGET (default /work/speed-target), BENCH_CARGO_HOME (default
#     /work/speed-cargo-home): emptied first unless BENCH_KEEP=1.
source "$(dirname "${BASH_SOURCE[0]}")/../../.ci/lib.sh"
cd "$ROOT"

target="${BENCH_TARGET:-/work/speed-target}"
home="${BENCH_CARGO_HOME:-/work/speed-cargo-home}"
# The server build .ci/start runs (its default, debug profile).
start_build="${BENCH_START:-cargo build --bin voip-shop}"
steps=("$@")
[ ${#steps[@]} -gt 0 ] || steps=(fetch start clippy tests bin)

if [ -z "${BENCH_KEEP:-}" ]; then
  rm -rf "$target" "$home"
  mkdir -p "$home"
  # Keep the machine's cargo settings (mirrors, registries), not its downloads.
  for f in "${CARGO_HOME:-$HOME/.cargo}"/config "${CARGO_HOME:-$HOME/.cargo}"/config.toml; do
    [ -f "$f" ] && cp "$f" "$home/"
  done
fi
export CARGO_TARGET_DIR="$target" CARGO_HOME="$home"
# The toolchain itself comes from rustup, which a fresh machine has installed already.
export RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}"
cargo="$HOME/.cargo/bin/cargo"
[ -x "$cargo" ] || cargo=$(command -v cargo)

results="$LOCAL/first-start-$(date +%Y%m%d-%H%M%S).txt"
measure() {
  local name="$1" times="$LOCAL/first-start-time.txt"
  shift
  log "$name: $* (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  /usr/bin/time -v -o "$times" "$@"
  awk -v name="$name" -F': ' '
    /User time/ {u=$2} /System time/ {s=$2} /Elapsed \(wall clock\)/ {w=$2} /Maximum resident/ {r=$2}
    END {
      n = split(w, p, ":"); secs = (n == 3) ? p[1]*3600 + p[2]*60 + p[3] : p[1]*60 + p[2]
      printf "%-7s wall %7.1f s   cpu %7.1f s (user %.1f + sys %.1f)   max rss %d MB\n", name, secs, u + s, u, s, r/1024
    }' "$times" | tee -a "$results"
}

# The start build as .ci/start runs it, with its timings report.
read -r -a start_cmd <<<"$start_build"
for step in "${steps[@]}"; do
  case "$step" in
    fetch) measure fetch "$cargo" fetch --quiet ;;
    start) measure start "$cargo" "${start_cmd[@]:1}" --quiet --timings ;;
    clippy) measure clippy "$cargo" clippy --workspace --all-targets --quiet --timings -- -D warnings ;;
    tests) measure tests "$cargo" test --workspace --no-run --quiet --timings ;;
    bin) measure bin "$cargo" build --quiet --timings --bin voip-shop ;;
    *) log "unknown step $step"; exit 2 ;;
  esac
done
log "start build: $start_build"
log "figures in $results; timings reports in $target/cargo-timings/"
du -sh "$target" | tee -a "$results"
