"""The WebSocket framing and URL parsing, without a server."""

import struct
import unittest

from autolife import websocket
from autolife.session import parse_url


def unmask_frame(frame):
    """(fin, opcode, payload) of a client frame, checking it is masked."""
    first, second = frame[0], frame[1]
    assert second & 0x80, "client frames must be masked"
    n, offset = second & 0x7F, 2
    if n == 126:
        n, offset = struct.unpack("!H", frame[2:4])[0], 4
    elif n == 127:
        n, offset = struct.unpack("!Q", frame[2:10])[0], 10
    mask, payload = frame[offset:offset + 4], frame[offset + 4:]
    assert len(payload) == n
    return bool(first & 0x80), first & 0x0F, bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class Framing(unittest.TestCase):
    def test_the_accept_key_is_rfc_6455s_example(self):
        # RFC 6455 section 1.3's worked example.
        self.assertEqual(websocket.accept_key("dGhlIHNhbXBsZSBub25jZQ=="), "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")

    def test_frames_of_each_length_encoding_are_masked_and_round_trip(self):
        for size in (0, 1, 125, 126, 65535, 65536, 200000):
            payload = bytes(i % 251 for i in range(size))
            frame = websocket.encode_frame(websocket.OP_TEXT, payload)
            header = 2 + (0 if size < 126 else 2 if size < 65536 else 8) + 4
            self.assertEqual(len(frame), header + size, size)
            self.assertEqual(unmask_frame(frame), (True, websocket.OP_TEXT, payload), size)

    def test_a_non_final_frame_says_so(self):
        fin, opcode, _ = unmask_frame(websocket.encode_frame(websocket.OP_BINARY, b"ab", fin=False))
        self.assertEqual((fin, opcode), (False, websocket.OP_BINARY))


class Urls(unittest.TestCase):
    def test_ws_tcp_and_bare_addresses(self):
        self.assertEqual(parse_url("ws://127.0.0.1:9000"), ("127.0.0.1", 9000, "/api"))
        self.assertEqual(parse_url("ws://robot.local/api"), ("robot.local", 8765, "/api"))
        self.assertEqual(parse_url("tcp://10.0.0.2:8765"), ("10.0.0.2", 8765, "/api"))
        self.assertEqual(parse_url("localhost:1234"), ("localhost", 1234, "/api"))
        self.assertEqual(parse_url("ws://[::1]:8765"), ("::1", 8765, "/api"))

    def test_other_schemes_are_refused(self):
        with self.assertRaisesRegex(ValueError, "wss"):
            parse_url("wss://robot:8765")
        with self.assertRaisesRegex(ValueError, "TLS"):
            parse_url("tcps://robot:9503")

    def test_ports_are_1_to_65535(self):
        for bad in ("ws://robot:0", "ws://robot:65536", "robot:x"):
            with self.assertRaisesRegex(ValueError, "from 1 to 65535"):
                parse_url(bad)


if __name__ == "__main__":
    unittest.main()
