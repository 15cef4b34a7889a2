"""The client side of RFC 6455 WebSocket, on the standard library only.

Only what a client of `autolife serve` needs: the opening handshake,
masked text frames out, text/binary/continuation frames in (reassembled
into messages), answering pings, and the closing handshake. No extensions
(no compression), no subprotocols, no TLS (the server has none either).

Sending is thread-safe (a lock per connection); receiving is meant for one
thread, the session's reader.
"""

import base64
import hashlib
import os
import socket
import struct
import threading

# RFC 6455 section 1.3: appended to the client's key before hashing.
_ACCEPT_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

OP_CONTINUATION, OP_TEXT, OP_BINARY = 0x0, 0x1, 0x2
OP_CLOSE, OP_PING, OP_PONG = 0x8, 0x9, 0xA

# A message larger than this is refused rather than held in memory; the
# server's own limit (docs/api.md) is far below it.
MAX_MESSAGE_BYTES = 64 << 20
# The handshake's answer is a few hundred bytes; this bounds a hostile one.
_MAX_HEADER_BYTES = 64 * 1024


class HandshakeError(Exception):
    """The server did not switch to WebSocket; `status` is its HTTP status
    (0 when the answer was not HTTP at all), `body` what it said."""

    def __init__(self, status, message, body=""):
        super().__init__(message)
        self.status = status
        self.body = body


class Closed(Exception):
    """The connection is closed; `code` is the close code the server sent
    (None when the connection simply ended)."""

    def __init__(self, message, code=None):
        super().__init__(message)
        self.code = code


def accept_key(key):
    """What the server must answer in Sec-WebSocket-Accept for `key`."""
    return base64.b64encode(hashlib.sha1(key.encode("ascii") + _ACCEPT_GUID).digest()).decode("ascii")


def _mask(payload, mask):
    # XOR as one big integer: much faster in CPython than a byte loop.
    n = len(payload)
    if n == 0:
        return b""
    repeated = (mask * (n // 4 + 1))[:n]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(repeated, "little")).to_bytes(n, "little")


def encode_frame(opcode, payload, fin=True):
    """One client frame (always masked, as RFC 6455 requires of clients)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    return head + mask + _mask(payload, mask)


class WebSocket:
    """A connected, handshaken WebSocket."""

    def __init__(self, sock, reader):
        self._sock = sock
        self._reader = reader
        self._send_lock = threading.Lock()
        self._close_sent = False

    @classmethod
    def connect(cls, host, port, path="/", headers=None, timeout=10.0):
        """Opens a TCP connection and performs the opening handshake;
        `timeout` bounds both. Raises OSError or HandshakeError."""
        sock = socket.create_connection((host, port), timeout=timeout)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            reader = sock.makefile("rb")
            key = base64.b64encode(os.urandom(16)).decode("ascii")
            lines = [
                "GET %s HTTP/1.1" % path,
                "Host: %s" % _host_header(host, port),
                "Upgrade: websocket",
                "Connection: Upgrade",
                "Sec-WebSocket-Key: %s" % key,
                "Sec-WebSocket-Version: 13",
            ]
            lines += ["%s: %s" % item for item in (headers or {}).items()]
            sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
            status, fields = _read_response_head(reader)
            if status != 101:
                raise HandshakeError(status, "the server answered %d instead of switching to WebSocket" % status,
                                     _read_body(reader, fields))
            if fields.get("sec-websocket-accept") != accept_key(key):
                raise HandshakeError(status, "the server's Sec-WebSocket-Accept does not match the key sent")
            sock.settimeout(None)  # from now on the reader blocks until a frame comes
            return cls(sock, reader)
        except BaseException:
            sock.close()
            raise

    def send_text(self, text):
        self._send(OP_TEXT, text.encode("utf-8"))

    def receive(self):
        """The next message (str for text, bytes for binary). Answers pings
        on the way. Raises Closed when the server closes or the connection
        ends."""
        fragments, opcode_of_message, size = [], None, 0
        while True:
            fin, opcode, payload = self._read_frame()
            if opcode == OP_PING:
                self._send(OP_PONG, payload)
            elif opcode == OP_PONG:
                pass
            elif opcode == OP_CLOSE:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
                reason = payload[2:].decode("utf-8", "replace")
                self._answer_close(payload[:2])
                raise Closed("the server closed the connection (%s%s)" % (code, ": " + reason if reason else ""), code)
            else:
                if opcode != OP_CONTINUATION:
                    opcode_of_message = opcode
                elif opcode_of_message is None:
                    raise Closed("protocol error: a continuation frame without a message")
                size += len(payload)
                if size > MAX_MESSAGE_BYTES:
                    raise Closed("a message from the server exceeds %d bytes" % MAX_MESSAGE_BYTES)
                fragments.append(payload)
                if fin:
                    data = b"".join(fragments)
                    return data.decode("utf-8") if opcode_of_message == OP_TEXT else data

    def close(self, code=1000):
        """Starts the closing handshake (the server's close frame is read by
        whoever reads); harmless when already closed."""
        try:
            self._send_close(struct.pack("!H", code))
        except OSError:
            pass

    def abort(self):
        """Ends the TCP connection at once (unblocks a blocked reader)."""
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._reader.close()
        self._sock.close()

    def _send(self, opcode, payload):
        frame = encode_frame(opcode, payload)
        with self._send_lock:
            if self._close_sent:
                raise Closed("the connection is closing")
            self._sock.sendall(frame)

    def _send_close(self, payload):
        frame = encode_frame(OP_CLOSE, payload)
        with self._send_lock:
            if self._close_sent:
                return
            self._close_sent = True
            self._sock.sendall(frame)

    def _answer_close(self, payload):
        try:
            self._send_close(payload)
        except OSError:
            pass

    def _read_exactly(self, n):
        data = self._reader.read(n)
        if data is None or len(data) < n:
            raise Closed("the connection ended")
        return data

    def _read_frame(self):
        first, second = self._read_exactly(2)
        if first & 0x70:
            raise Closed("protocol error: reserved bits set (no extension was negotiated)")
        fin, opcode = bool(first & 0x80), first & 0x0F
        n = second & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._read_exactly(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._read_exactly(8))[0]
        if n > MAX_MESSAGE_BYTES:
            raise Closed("a frame from the server exceeds %d bytes" % MAX_MESSAGE_BYTES)
        mask = self._read_exactly(4) if second & 0x80 else None
        payload = self._read_exactly(n) if n else b""
        return fin, opcode, _mask(payload, mask) if mask else payload


def _host_header(host, port):
    return ("[%s]:%d" if ":" in host else "%s:%d") % (host, port)


def _read_response_head(reader):
    status_line = reader.readline(_MAX_HEADER_BYTES)
    parts = status_line.decode("latin-1").split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        raise HandshakeError(0, "the server's answer is not HTTP: %r" % status_line[:80])
    fields, total = {}, len(status_line)
    while True:
        line = reader.readline(_MAX_HEADER_BYTES)
        total += len(line)
        if total > _MAX_HEADER_BYTES or not line:
            raise HandshakeError(0, "the server's answer ended inside its header")
        line = line.decode("latin-1").rstrip("\r\n")
        if not line:
            return int(parts[1]), fields
        name, _, value = line.partition(":")
        fields[name.strip().lower()] = value.strip()


def _read_body(reader, fields):
    try:
        n = min(int(fields.get("content-length", "0")), _MAX_HEADER_BYTES)
        return reader.read(n).decode("utf-8", "replace")
    except (ValueError, OSError):
        return ""
