"""A small threaded HTTP server on 127.0.0.1 and a free port, started and stopped as a context."""

from __future__ import annotations

import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Self


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A client that hung up before its answer (a process stopped mid-request) is no error
        # of the fake's; anything else is printed as usual.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


class LoopbackServer:
    """Serves `handler_class` on 127.0.0.1:<free port> in a daemon thread."""

    handler_class: type[BaseHTTPRequestHandler]

    def __init__(self) -> None:
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self.lock = threading.Lock()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("the fake server is not running")
        return int(self._server.server_address[1])

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Self:
        owner = self

        class Handler(self.handler_class):  # type: ignore[name-defined,misc,valid-type]
            fake = owner
            # Headers and body go out in two writes; with Nagle on, the second waits ~40 ms
            # for an ACK and the fake, not the code under test, sets the pace.
            disable_nagle_algorithm = True

            def log_message(self, format: str, *args: object) -> None:
                pass

        self._server = _Server(("127.0.0.1", 0), Handler)
        # serve_forever looks for a shutdown every poll interval (half a second unless told):
        # every test that stops a fake would wait that long.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        _t: type[BaseException] | None,
        _e: BaseException | None,
        _tb: TracebackType | None,
    ) -> None:
        self.stop()
