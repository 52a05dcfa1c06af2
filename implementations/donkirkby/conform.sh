#!/usr/bin/env bash
# The conformance run of donkirkby's shibumi package that CI checks and the site's
# "Known implementations" page shows, run from the repository's root (install the
# package first with install.sh). Extra arguments go to shibumi-rules conform:
#   bash implementations/donkirkby/conform.sh --check                # CI: compare only
#   bash implementations/donkirkby/conform.sh --update-expectations  # rewrite both files
# Without either, the run is compared with expectations.json and record.json is rewritten.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=implementations/donkirkby
rules=${SHIBUMI_RULES:-.venv/bin/shibumi-rules}
if [ ! -x "$rules" ]; then rules=shibumi-rules; fi
if [ ! -x "$here/.venv/bin/python" ]; then
  echo "error: $here/.venv is missing: install the package with bash $here/install.sh" >&2
  exit 2
fi
exec "$rules" conform --quiet --engine "$here/.venv/bin/python $here/engine.py" \
  --games 50 --expect "$here/expectations.json" --record "$here/record.json" "$@"
