"""The class server: Voilà serving notebooks/ the way `make app` and a classroom need it.

    python -m widgets.server [NOTEBOOK_DIR] [--port=8866] [--ip=localhost] [--max_kernels=40]
                             [--cull_idle_timeout=300] [--cull_interval=30] [any voila option]

It is plain Voilà (`voila.app.Voila`) with Voilà's and Jupyter server's own settings, plus five
small changes, each one a subclass:

- `/` (and `/voila/tree`) answer 302 to the start page, `00_start_here.ipynb`, keeping the query
  string, so `/?lang=en` opens the English start page.
- Idle kernels are culled by jupyter_server's `MappingKernelManager` (defaults here: a kernel with
  no open page and no traffic for 300 s goes away; `cull_connected` stays False so an open page
  never loses its kernel).
- Closing a page frees its kernel at once: Voilà's page sends `POST /voila/api/shutdown/<id>` from
  `beforeunload` with the `_xsrf` cookie's value, but standalone Voilà never sets that cookie, so
  the request was refused (403) and the kernel lived on. The render handler sets the cookie.
- `--preheat=NAME.ipynb=N`: Voilà's pool of N kernels for one notebook, each warmed up by an
  IPython startup file (WARM_UP) and run up to the page's request (widgets.i18n.page_lang waits
  for the request's `?lang=` in a preheated kernel).
- A cap on kernels (`CappedKernelManager.max_kernels`, default 40, every kernel counts, pooled
  ones too): a page asked for when the server is full gets a short page (HTTP 503, in the page's
  language) asking to try again in a minute, instead of a kernel that would push the machine
  into swap. jupyter_server has no such setting, so the kernel manager enforces it.
- Kernels are reached over Unix sockets (`KernelManager.transport = "ipc"`), not TCP ports that
  can collide when a class starts 30 kernels at once.
- Error messages that kernels send to pages (a widget message the kernel could not handle, a
  comm opened with a bad target) lose their traceback frames and server paths; the full text
  goes to the server's log. Voilà's own `show_tracebacks` covers only the notebook's execution.

The port: when the asked port is busy the next free one is taken (up to 10 further ports), and the
URL really served is printed on stdout: `Serving http://localhost:8867/ (port 8866 was busy)`.
When none is free the launcher says so and exits with code 1.
"""
from __future__ import annotations

import errno
import html
import os
import re
import socket
import sys
import tempfile
import uuid
from pathlib import Path

import tornado.ioloop
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado.web import HTTPError, RedirectHandler
from traitlets import Bool, Integer, Unicode
from traitlets.config import Config
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS_DIR = ROOT / "notebooks"
START_PAGE = "00_start_here.ipynb"

# Voilà's and jupyter_server's own settings; anything on the command line or in a voila.json
# overrides them.
DEFAULTS = {
    "Voila": {"open_browser": False, "port_retries": 10},
    "VoilaConfiguration": {"strip_sources": True},
    "MappingKernelManager": {"cull_idle_timeout": 300, "cull_interval": 30,
                             "cull_connected": False, "cull_busy": False},
}
# Kernels talk to the server over Unix sockets in Voilà's connection folder instead of TCP ports:
# with 30 kernels starting at once, a port picked for one kernel was taken by another process
# before the kernel bound it ("ZMQError: Address already in use", the kernel died).
if os.name == "posix":
    DEFAULTS["KernelManager"] = {"transport": "ipc"}
# A 30 MB upload must reach the kernel (which refuses it with a message) instead of closing the
# page's websocket: tornado's default limit is 10 MiB.
WEBSOCKET_MAX_MESSAGE_BYTES = 64 * 1024 * 1024

FULL_PAGE = {
    "ru": ("Сервер занят",
           "Сейчас открыто слишком много страниц ({n} из {n}). Подождите минуту и обновите "
           "страницу: место освобождается, когда кто-то закрывает вкладку.",
           "Обновить"),
    "en": ("The server is busy",
           "Too many pages are open right now ({n} of {n}). Wait a minute and reload: a place "
           "frees up when someone closes a tab.",
           "Reload"),
}


# Run by IPython in a preheated kernel before its notebook (an IPython startup file): the work a
# lesson page does the first time (ipycanvas and numpy, the kernel's compiled schemas, the card
# data), so that it is done before the class arrives, not after the request.
WARM_UP = """\
import ipycanvas, numpy                        # noqa: F401
import widgets.lesson                          # noqa: F401
from berserk_kernel.berserk import position
from berserk_kernel.city import new_game as _city_game
position("A gorge_warden c2", "B bog_troll c3")
_city_game(seed=0)
del position, _city_game
"""
REFILL_DELAY_S = 60


def warm_up_dir() -> str:
    """An IPYTHONDIR whose default profile runs WARM_UP at kernel start."""
    root = Path(tempfile.mkdtemp(prefix="berserk-ipython-"))
    startup = root / "profile_default" / "startup"
    startup.mkdir(parents=True)
    (startup / "00-warm-up.py").write_text(WARM_UP, encoding="utf-8")
    return str(root)


class KernelCapReached(Exception):
    """Raised by CappedKernelManager.start_kernel when max_kernels kernels are running."""

    def __init__(self, cap: int):
        super().__init__(f"{cap} kernels are running, the cap")
        self.cap = cap


class CappedKernelManager(AsyncMappingKernelManager):
    """jupyter_server's kernel manager with a cap on the number of kernels (running and
    starting; a preheated pool's kernels count too)."""

    max_kernels = Integer(40, config=True,
                          help="At most this many kernels at once; 0 or less: no cap.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._reserved: set[str] = set()

    def kernel_count(self) -> int:
        return len(set(self.list_kernel_ids()) | self._reserved)

    async def start_kernel(self, *, kernel_id: str | None = None, **kwargs):
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        if 0 < self.max_kernels <= self.kernel_count():
            raise KernelCapReached(self.max_kernels)
        kernel_id = kernel_id or str(uuid.uuid4())
        self._reserved.add(kernel_id)       # counted from now on, even while it starts
        try:
            return await super().start_kernel(kernel_id=kernel_id, **kwargs)
        finally:
            self._reserved.discard(kernel_id)


def request_lang(handler) -> str:
    return "en" if handler.get_argument("lang", "ru") == "en" else "ru"


def full_page_html(lang: str, cap: int, reload_url: str) -> str:
    title, text, button = FULL_PAGE[lang]
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{title}</title></head>"
            f'<body style="font-family: sans-serif; max-width: 36em; margin: 4em auto; padding: 0 1em">'
            f'<h1 class="server-busy">{title}</h1><p>{text.format(n=cap)}</p>'
            f'<p><a href="{html.escape(reload_url, quote=True)}">{button}</a></p></body></html>')


class ClassroomRenderHandler(TornadoVoilaHandler):
    """Voilà's page handler that sets the `_xsrf` cookie (so the page's close beacon can shut its
    kernel down) and answers a polite 503 when the kernel cap is reached."""

    async def get(self, path=None):
        self.xsrf_token      # tornado sets the `_xsrf` cookie when the token is first read
        try:
            await super().get(path)
        except KernelCapReached as exc:
            self.log.warning("kernel cap reached (%d): refused %s", exc.cap, self.request.uri)
            self.clear()
            self.set_status(503)
            self.set_header("Retry-After", "60")
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(full_page_html(request_lang(self), exc.cap, self.request.uri))


class ClassroomShutdownHandler(VoilaShutdownKernelHandler):
    """The page's close beacon; an unknown kernel id is a plain 404, not a server error."""

    async def post(self, kernel_id):
        if kernel_id not in self.kernel_manager:
            raise HTTPError(404)
        await super().post(kernel_id)


# --- error messages from kernels to pages ------------------------------------------------------

_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_FRAME = re.compile(r"^\s*File \"|^\s*File [^ ]+:\d+|^-{20,}$")
_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.@+~-]+){2,}[\\/]?")


def scrub(text: str) -> str:
    """Text without terminal colours, traceback frames and server paths."""
    out, in_trace = [], False
    for line in _ANSI.sub("", text).splitlines():
        if line.startswith("Traceback (most recent call last)"):
            in_trace = True
            continue
        if in_trace:
            if _FRAME.match(line) or line.startswith((" ", "\t")) or not line.strip():
                continue
            in_trace = False
        if _FRAME.match(line):
            continue
        out.append(_PATH.sub("…", line))
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def redact(msg_type: str, content: dict) -> dict | None:
    """The content to send instead of a kernel's `error` or stderr `stream` message, or None
    to send it unchanged."""
    if msg_type == "error":
        ename = str(content.get("ename", "Error"))
        evalue = scrub(str(content.get("evalue", ""))).strip()
        line = f"{ename}: {evalue}" if evalue else ename
        return {"ename": ename, "evalue": evalue, "traceback": [line]}
    if msg_type == "stream" and content.get("name") == "stderr":
        text = str(content.get("text", ""))
        clean = scrub(text)
        return None if clean == text else {"name": "stderr", "text": clean}
    return None


class RedactingConnection(ZMQChannelsWebsocketConnection):
    """The kernel websocket connection, with `redact` applied to iopub messages."""

    redact_tracebacks = Bool(True, config=True,
                             help="Strip traceback frames and server paths from kernel errors.")

    def _on_zmq_reply(self, stream, msg_or_list):
        if self.redact_tracebacks and getattr(stream, "channel", None) == "iopub":
            try:
                msg_or_list = self._redacted(msg_or_list)
            except Exception:  # noqa: BLE001 - never lose a message because of the filter
                self.log.warning("could not inspect a kernel message", exc_info=True)
        super()._on_zmq_reply(stream, msg_or_list)

    def _redacted(self, msg_or_list):
        if isinstance(msg_or_list, dict):                     # legacy JSON protocol
            new = redact(msg_or_list["header"]["msg_type"], msg_or_list["content"])
            if new is None:
                return msg_or_list
            self._log_original(msg_or_list["content"])
            return {**msg_or_list, "content": new}
        parts = list(msg_or_list)                             # v1 protocol: packed parts
        msg_type = self.session.unpack(parts[0]).get("msg_type")
        if msg_type not in ("error", "stream"):
            return msg_or_list
        content = self.session.unpack(parts[3])
        new = redact(msg_type, content)
        if new is None:
            return msg_or_list
        self._log_original(content)
        parts[3] = self.session.pack(new)
        return parts

    def _log_original(self, content: dict) -> None:
        text = content.get("text") or "\n".join(content.get("traceback") or ())
        self.log.warning("kernel %s sent (shown to the page without paths):\n%s",
                         self.kernel_id, _ANSI.sub("", str(text))[:4000])


# --- the application ---------------------------------------------------------------------------

class ClassroomVoila(Voila):
    """Voilà with the start page on `/`, the xsrf cookie, the kernel cap, quiet kernel errors and
    a sequential port search that prints the URL it really serves."""

    start_page = Unicode(START_PAGE, config=True,
                         help="The notebook that `/` redirects to (relative to the notebook folder).")
    preheat = Unicode("", config=True,
                      help="NAME.ipynb=N[,NAME2.ipynb=M]: keep N kernels of NAME ready, the notebook "
                           "already run (Voilà's preheated pools; other notebooks get none).")
    aliases = {
        **Voila.aliases,
        "ip": "Voila.ip",
        "max_kernels": "CappedKernelManager.max_kernels",
        "cull_idle_timeout": "MappingKernelManager.cull_idle_timeout",
        "cull_interval": "MappingKernelManager.cull_interval",
        "start_page": "ClassroomVoila.start_page",
        "preheat": "ClassroomVoila.preheat",
    }
    classes = [*Voila.classes, CappedKernelManager, RedactingConnection]

    def initialize(self, argv=None):
        defaults = Config(DEFAULTS)
        defaults.VoilaConfiguration.multi_kernel_manager_class = CappedKernelManager
        defaults.Voila.kernel_websocket_connection_class = RedactingConnection
        self.update_config(defaults)          # the command line and voila.json come after
        args = list(sys.argv[1:] if argv is None else argv)
        if not any(not a.startswith("-") and Path(a).exists() for a in args):
            args.append(str(NOTEBOOKS_DIR))
        super().initialize(args)
        if self.notebook_path:
            raise SystemExit("widgets.server serves a folder of notebooks, not one notebook")
        if self.preheat:
            pools = {"default": {"pool_size": 0}}
            env = {"IPYTHONDIR": warm_up_dir()}
            for item in filter(None, self.preheat.split(",")):
                name, _, size = item.partition("=")
                if not size.isdigit():
                    raise SystemExit(f"--preheat: expected NAME.ipynb=N, got {item!r}")
                pools[name.strip()] = {"pool_size": int(size), "kernel_env_variables": env}
            self.voila_configuration.preheat_kernel = True
            self.config.VoilaKernelManager.kernel_pools_config = pools
            # Voilà replaces a used pool kernel after VoilaKernelManager.fill_delay (its default:
            # 1 s). 30 replacements starting while 30 students open their pages took the
            # processors from them (p50 52 s instead of a few seconds); 60 s later they do not.
            # The price: a student beyond the pool waits for a queued replacement, delay included.
            if "fill_delay" not in self.config.VoilaKernelManager:
                self.config.VoilaKernelManager.fill_delay = REFILL_DELAY_S

    def init_settings(self):
        settings = super().init_settings()
        settings.setdefault("websocket_max_message_size", WEBSOCKET_MAX_MESSAGE_BYTES)
        return settings

    def init_handlers(self):
        swap = {TornadoVoilaHandler: ClassroomRenderHandler,
                VoilaShutdownKernelHandler: ClassroomShutdownHandler}
        handlers = [(h[0], swap.get(h[1], h[1]), *h[2:]) for h in super().init_handlers()]
        target = url_path_join(self.base_url, "voila/render", self.start_page)
        redirect = {"url": target, "permanent": False}   # tornado keeps the query string
        return [(self.server_url, RedirectHandler, redirect),
                (url_path_join(self.server_url, "voila/tree/?"), RedirectHandler, redirect),
                *handlers]

    def random_ports(self, port, n):
        """The asked port, then the next ones in order (Voilà's own picks random ones)."""
        return range(port, port + n)

    def listen(self):
        asked = self.port
        for port in self.random_ports(asked, self.port_retries + 1):
            try:
                self.app.listen(port, self.ip)
            except OSError as e:
                if e.errno in (errno.EADDRINUSE, errno.EACCES):
                    continue
                raise
            self.port = port
            break
        else:
            print(f"ERROR: ports {asked}-{asked + self.port_retries} on {self.ip} are all busy; "
                  f"choose another one, e.g. `make app PORT={asked + 100}`", file=sys.stderr)
            self.exit(1)
        host = socket.gethostname() if self.ip in ("", "0.0.0.0", "::") else self.ip
        note = f" (port {asked} was busy)" if self.port != asked else ""
        print(f"Serving http://{host}:{self.port}{self.base_url}{note}  (Ctrl-C to stop)", flush=True)
        self.ioloop = tornado.ioloop.IOLoop.current()
        try:
            self.ioloop.start()
        except KeyboardInterrupt:
            self.log.info("Stopping...")
        finally:
            self.stop()


main = ClassroomVoila.launch_instance

if __name__ == "__main__":
    main()
