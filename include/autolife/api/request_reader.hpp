// A request read without building a JSON tree of the message (issue 18):
// simdjson's DOM parser (fully validating) over a reused buffer, for the
// common shape only, one request object with "jsonrpc", "id", "method" and
// positional "params" of plain values, built as core::Value arguments
// straight from simdjson. Anything else (a batch, named params, nested
// values, escapes in keys, repeated members, integral floats, any error) is
// declined, and the caller reads the message with parseMessage and
// readRequest (nlohmann), which give the exact result or the exact error of
// the contract: the fast path only has to agree with them on what it takes.
#pragma once

#include <memory>
#include <optional>
#include <string_view>

#include "autolife/api/json_rpc.hpp"

namespace autolife::api {

class RequestReader {
public:
  RequestReader();
  ~RequestReader();
  RequestReader(const RequestReader&) = delete;
  RequestReader& operator=(const RequestReader&) = delete;

  // The request `message` holds, or nothing when it is not of the common
  // shape (then parseMessage and readRequest say what it is).
  std::optional<Request> read(std::string_view message, std::size_t maxDepth);
  // The same into `request`, whose memory is reused (the method's text, the
  // arguments' array when no one else holds it): false, and `request` left
  // half read, when the message is not of the common shape.
  bool readInto(Request& request, std::string_view message, std::size_t maxDepth);

private:
  struct Parser;  // simdjson's, and the buffer it reads from
  std::unique_ptr<Parser> parser_;
};

}  // namespace autolife::api
