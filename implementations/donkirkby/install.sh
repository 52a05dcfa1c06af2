#!/usr/bin/env bash
# Install donkirkby's shibumi package, without its GUI, into this folder's own virtual
# environment (.venv), where engine.py runs: bash implementations/donkirkby/install.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python3 -m venv "$here/.venv"
"$here/.venv/bin/python" -m pip install -q --upgrade pip
"$here/.venv/bin/python" -m pip install -q -r "$here/requirements-runtime.txt"
"$here/.venv/bin/python" -m pip install -q --no-deps -r "$here/requirements.txt"
"$here/.venv/bin/python" -c "import shibumi.sploof.state, shibumi.spline.game"
