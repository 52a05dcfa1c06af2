"""donkirkby's ``shibumi`` package as an engine of the Shibumi engine protocol: run it
with the Python of the folder's virtual environment (``install.sh`` makes it) and it
answers requests on standard input and output, for ``shibumi-rules conform``."""

from __future__ import annotations

from donkirkby_adapter.protocol import serve

if __name__ == "__main__":
    serve()
