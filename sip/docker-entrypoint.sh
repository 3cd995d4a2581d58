#!/bin/bash
# The registrar container's start (sip/Dockerfile): renders sip/kamailio.cfg with the values
# .ci/lib.sh's ensure_kamailio fills in, checks it, and runs Kamailio in the foreground.
#   SIP_REGISTRAR_DB_PASSWORD  required: the password of the role talkbridge_registrar
#                              (docker-compose.yml's registrar-login sets it); letters, digits
#                              and . _ ~ - only (it goes into a URL), at least 16 of them
#   SIP_REGISTRAR_DB_HOST, _PORT, _NAME   the shop's database (db, 5432, voip_shop)
#   SIP_DOMAIN                 the domain buyers type into their phone (sip.talkbridge.localhost)
#   SIP_DIGEST_ALGORITHM       MD5 (every softphone) or SHA-256
#   SIP_LISTEN                 address:port for UDP and TCP (the container's own address:5060)
#   SIP_TRUNK                  the carrier's trunk, IP address:port (127.0.0.1:5070; IPv6 in
#                              brackets): its calls to the shop's numbers need no digest
# It never connects as the shop's user: without the role's password it does not start.
set -euo pipefail

fail() {
  echo "talkbridge registrar: $*" >&2
  exit 1
}

password="${SIP_REGISTRAR_DB_PASSWORD:-}"
[ -n "$password" ] || fail "SIP_REGISTRAR_DB_PASSWORD is not set: set it to the password of the database role talkbridge_registrar (README, Configuration; e.g. openssl rand -hex 24). The registrar never connects as the shop's own user."
case "$password" in
  *[!A-Za-z0-9._~-]*) fail "SIP_REGISTRAR_DB_PASSWORD may hold only letters, digits and . _ ~ - (it goes into a database URL): make one with openssl rand -hex 24" ;;
esac
[ "${#password}" -ge 16 ] || fail "SIP_REGISTRAR_DB_PASSWORD is shorter than 16 characters: make one with openssl rand -hex 24"

algorithm="${SIP_DIGEST_ALGORITHM:-MD5}"
case "$algorithm" in
  MD5) column=ha1 ;;
  SHA-256) column=ha1_sha256 ;;
  *) fail "SIP_DIGEST_ALGORITHM must be MD5 or SHA-256, not $algorithm" ;;
esac

listen="${SIP_LISTEN:-}"
if [ -z "$listen" ]; then
  # The container's own IPv4 address (Kamailio binds to one address per listen line).
  address=$(hostname -I | tr ' ' '\n' | grep -m 1 -E '^[0-9]+(\.[0-9]+){3}$' || true)
  [ -n "$address" ] || fail "no IPv4 address found for this container: set SIP_LISTEN (address:port)"
  listen="$address:5060"
fi

trunk="${SIP_TRUNK:-127.0.0.1:5070}"
[[ "$trunk" =~ ^([0-9]{1,3}(\.[0-9]{1,3}){3}|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}$ ]] \
  || fail "SIP_TRUNK must be an IP address and port (203.0.113.5:5060, or [2001:db8::5]:5060), not $trunk"

url="postgres://talkbridge_registrar:$password@${SIP_REGISTRAR_DB_HOST:-db}:${SIP_REGISTRAR_DB_PORT:-5432}/${SIP_REGISTRAR_DB_NAME:-voip_shop}"
cfg=$(</etc/talkbridge/kamailio.cfg.in)
cfg=${cfg//@DB_URL@/$url}
cfg=${cfg//@LISTEN@/$listen}
cfg=${cfg//@SIP_DOMAIN@/${SIP_DOMAIN:-sip.talkbridge.localhost}}
cfg=${cfg//@ALGORITHM@/$algorithm}
cfg=${cfg//@HA1_COLUMN@/$column}
cfg=${cfg//@TRUNK@/$trunk}
# The config names Debian's amd64 module directory: use this image's own (arm64 too).
modules=$(ls -d /usr/lib/*/kamailio/modules | head -n 1)
cfg=${cfg//\/usr\/lib\/x86_64-linux-gnu\/kamailio\/modules\//$modules/}

umask 077
dir=$(mktemp -d)
printf '%s\n' "$cfg" >"$dir/kamailio.cfg"
kamailio -c -f "$dir/kamailio.cfg" >"$dir/check.log" 2>&1 || {
  cat "$dir/check.log" >&2
  fail "the rendered sip/kamailio.cfg does not check out (above)"
}
echo "talkbridge registrar: listening on $listen (UDP and TCP) as database role talkbridge_registrar" >&2
# TZ=UTC: Kamailio writes registration times in local time; the shop reads them as UTC.
export TZ=UTC
exec kamailio -f "$dir/kamailio.cfg" -DD -E
