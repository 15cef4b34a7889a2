# qi messages (REFERENCE §10): a 28-byte little-endian header (magic
# 0x42adde42, id, payload size, version 0, type, flags, service, object,
# action) and the payload.
import struct

MAGIC = 0x42ADDE42
HEADER = struct.Struct("<IIIHBBIII")
HEADER_SIZE = HEADER.size  # 28

CALL, REPLY, ERROR, POST, EVENT, CAPABILITY, CANCEL, CANCELED = 1, 2, 3, 4, 5, 6, 7, 8
DYNAMIC_PAYLOAD, RETURN_TYPE = 1, 2

SERVER, SERVICE_DIRECTORY, MAIN_OBJECT = 0, 1, 1
# Every bound object's actions; the server's handshake; the directory's methods.
REGISTER_EVENT, UNREGISTER_EVENT, META_OBJECT, TERMINATE = 0, 1, 2, 3
PROPERTY, SET_PROPERTY, PROPERTIES, REGISTER_EVENT_WITH_SIGNATURE = 5, 6, 7, 8
AUTHENTICATE = 8
SD_SERVICE, SD_SERVICES, SD_REGISTER, SD_UNREGISTER, SD_READY = 100, 101, 102, 103, 104
SD_SERVICE_ADDED, SD_SERVICE_REMOVED, SD_MACHINE_ID = 106, 107, 108
FIRST_USER = 100

MAX_PAYLOAD = 64 << 20


class ProtocolError(IOError):
    """Bytes that are not qi: the connection cannot go on."""


class Message(object):
    __slots__ = ("id", "type", "flags", "service", "object", "action", "payload")

    def __init__(self, id, type, service, object, action, payload=b"", flags=0):
        self.id = id
        self.type = type
        self.flags = flags
        self.service = service
        self.object = object
        self.action = action
        self.payload = payload

    def to_bytes(self):
        return HEADER.pack(MAGIC, self.id, len(self.payload), 0, self.type, self.flags, self.service, self.object,
                           self.action) + self.payload


def read_header(data):
    """(Message without payload, payload size) from 28 bytes."""
    magic, id, size, version, type, flags, service, object, action = HEADER.unpack(data)
    if magic != MAGIC:
        raise ProtocolError("not a qi message (magic %08x)" % magic)
    if version != 0:
        raise ProtocolError("qi message version %d, 0 expected" % version)
    if size > MAX_PAYLOAD:
        raise ProtocolError("a qi message of %d bytes is above the limit" % size)
    return Message(id, type, service, object, action, flags=flags), size
