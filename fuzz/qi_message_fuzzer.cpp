// libFuzzer target for the qi codec (docs/qi.md): the input is a byte
// stream as a peer would send it. The first byte sets the size of the
// chunks it arrives in (half messages must wait); the rest is cut into
// messages. A bad header must throw DecodeError (the server closes the
// connection); every whole message's payload is decoded with a signature
// chosen by its action id, with the capabilities chosen by its flags. What
// decodes must encode back to the same bytes; what does not must say where,
// inside the payload. A payload of a message of type None is read as
// signature text: what parses must print back the same.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>


#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/qi/meta.hpp"

namespace {

using namespace autolife::qi;

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "qi_message_fuzzer: %s\n%s\n", what, detail.c_str());
  std::abort();
}

// Small limits keep each input cheap; the checks are the same.
Limits fuzzLimits() {
  Limits limits;
  limits.maxPayload = 1u << 16;
  limits.maxEmptyElements = 4096;
  return limits;
}

const std::vector<Signature>& signatures() {
  static const std::vector<Signature> all = [] {
    std::vector<Signature> s;
    for (const char* text : {"m", "{sm}", "(IIL)", "(s)", "[m]", "o", "+[{i(sb)}]", "#r", "(bcCwWiIlLfd)",
                             "(sIsI[s]ss)", "[(sIsI[s]ss)<ServiceInfo,name,serviceId,machineId,processId,endpoints,"
                                            "sessionId,objectUid>]",
                             "{m[m]}", "(v_)", "[()]"})
      s.push_back(Signature::parse(text));
    s.push_back(metaObjectSignature());
    return s;
  }();
  return all;
}

void checkSignatureText(std::string_view text) {
  try {
    const Signature s = Signature::parse(text, fuzzLimits());
    if (s.toString() != text) fail("signature did not print back", std::string(text) + " -> " + s.toString());
  } catch (const DecodeError& e) {
    if (e.offset() > text.size()) fail("signature error past the end", e.what());
  }
}

void checkPayload(const Message& m) {
  const Signature& signature = signatures()[m.header.action % signatures().size()];
  CodecOptions options;
  options.limits = fuzzLimits();
  options.objectUid = (m.header.flags & 1) != 0;
  options.metaObjectCache = (m.header.flags & 2) != 0;
  try {
    const Value value = decode(signature, m.payload, options);
    const std::string again = encode(signature, value, options);
    if (again != m.payload) fail("decoded payload did not encode back to the same bytes", signature.toString());
    try {
      (void)fromValue(toValue(value, signature), signature);
    } catch (const EncodeError&) {
      // an object stays in qi, and a NaN float becomes Invalid: refused, not crashed
    }
    if (signature == metaObjectSignature()) (void)MetaObject::fromValue(value).toValue();
  } catch (const DecodeError& e) {
    if (e.offset() > m.payload.size()) fail("payload error past the end", e.what());
    if (e.reason().empty()) fail("payload error without a reason", e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t chunk = data[0] % 32 + 1;
  const std::string_view stream(reinterpret_cast<const char*>(data) + 1, size - 1);
  MessageReader reader(fuzzLimits());
  try {
    for (std::size_t at = 0; at < stream.size(); at += chunk) {
      reader.feed(stream.substr(at, chunk));
      while (auto m = reader.next()) {
        std::string header;
        encodeHeader(m->header, header);
        const Header again = decodeHeader(header, fuzzLimits());
        if (again.id != m->header.id || again.size != m->payload.size())
          fail("header did not survive encoding", m->describe());
        if (m->header.type == MessageType::None) checkSignatureText(m->payload);
        else checkPayload(*m);
      }
    }
  } catch (const DecodeError& e) {
    if (e.offset() > kHeaderSize) fail("header error past the header", e.what());
  }
  return 0;
}
