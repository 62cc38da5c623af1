"""Where the live view listens and the code that opens it.

``--share`` alone listens on this computer only (127.0.0.1): nobody else can reach the page
until the scorekeeper names a host (``--share 0.0.0.0:8765`` for the table's Wi-Fi). The access
code is random unless ``--share-code`` fixes it for scripts; six digits are easy to type on a
phone and to say aloud, and wrong codes are slowed down by the server.
"""

from __future__ import annotations

import ipaddress
import re
import secrets
import socket

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
CODE_DIGITS = 6
_CODE = re.compile(r"[A-Za-z0-9]{4,32}")


class BadAddress(ValueError):
    """A ``--share`` value that is no host, port or HOST:PORT."""


def parse_address(text: str | None) -> tuple[str, int]:
    """``""``/None, ``PORT``, ``HOST``, ``HOST:PORT``, ``:PORT`` or ``[v6]:PORT`` to (host, port).
    """
    text = (text or "").strip()
    if not text:
        return DEFAULT_HOST, DEFAULT_PORT
    host, port = text, ""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest and not rest.startswith(":"):
            raise BadAddress(text)
        port = rest[1:]
    elif text.isdigit():
        host, port = "", text
    elif text.count(":") == 1:
        host, port = text.split(":")
    host = host.strip() or DEFAULT_HOST
    if port == "":
        number = DEFAULT_PORT
    elif port.isascii() and port.isdigit() and int(port) <= 65535:
        number = int(port)
    else:
        raise BadAddress(text)
    if not _is_host(host):
        raise BadAddress(text)
    return host, number


def _is_host(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return bool(re.fullmatch(r"[A-Za-z0-9]([A-Za-z0-9.-]{0,252})", host))


def new_code() -> str:
    """A random access code of six digits."""
    return "".join(secrets.choice("0123456789") for _ in range(CODE_DIGITS))


def check_code(text: str) -> str | None:
    """A code given with ``--share-code``: 4 to 32 letters or digits, else None."""
    text = text.strip()
    return text if _CODE.fullmatch(text) else None


def said_code(code: str) -> str:
    """The code as said and read: digits one by one ("4 8 1 9 2 7"), a word as it is."""
    return " ".join(code) if code.isdigit() else code


def typed_code(text: str) -> str:
    """What a viewer typed, without the spaces it may have been read out with."""
    return "".join(text.split())


def shown_host(host: str) -> str:
    """The host players type: this computer's address on the network when listening on all."""
    if host in ("0.0.0.0", "::", ""):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
                probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks a route
                host = probe.getsockname()[0]
        except OSError:
            host = socket.gethostname()
    return f"[{host}]" if ":" in host else host
