#!/usr/bin/env bash
# npm run security:scan: sqlmap and wapiti against a local instance with the demo data
# (see scan.ts and docs/security.md). Exits non-zero on a finding. Not part of npm run check:
# it takes several minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v sqlmap >/dev/null 2>&1 || missing+=(sqlmap)
command -v wapiti >/dev/null 2>&1 || missing+=(wapiti)
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "Install ${missing[*]} first: sudo apt-get install -y ${missing[*]}" >&2
    exit 2
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# wapiti crawls the web app: it must be built.
[ -f dist/web/index.html ] || npm run build

exec node --import tsx scripts/security/scan.ts
