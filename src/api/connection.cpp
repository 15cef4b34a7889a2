#include "autolife/api/connection.hpp"
#include "autolife/core/clock.hpp"
#include "autolife/api/request_reader.hpp"

#include <string>
#include <vector>

namespace autolife::api {

// A message read: the requests to run, and the answers already known
// (malformed entries, a limit). `batch`: answer with an array.
struct Connection::Parsed {
  bool batch = false;
  std::vector<Request> requests;
  std::vector<std::string> ready;  // answers' texts ("" for a notification)
};

Connection::Connection(std::shared_ptr<Api> api, Sink push, bool streaming)
    : api_(std::move(api)),
      client_(std::make_shared<Client>(api_->engine(), std::move(push), streaming, api_->limits())),
      limiter_(api_->limits().callsPerSecond),
      reader_(std::make_unique<RequestReader>()) {}

Connection::~Connection() = default;

namespace {

std::string answerText(bool batch, const std::vector<std::string>& responses) {
  if (!batch) return responses.empty() ? std::string() : responses.front();
  std::string out;
  for (const auto& r : responses) {
    if (r.empty()) continue;
    out += out.empty() ? '[' : ',';
    out += r;
  }
  if (!out.empty()) out += ']';
  return out;
}

}  // namespace

Connection::Parsed Connection::parse(std::string_view message) {
  Parsed out;
  const auto& limits = api_->limits();
  Json json;
  try {
    json = parseMessage(message, limits.maxDepth);
  } catch (const RpcError& e) {
    out.ready.push_back(errorText(nullptr, e));
    return out;
  }
  out.batch = json.is_array();
  if (out.batch && json.empty()) {
    out.batch = false;
    out.ready.push_back(errorText(nullptr, RpcError(code::kInvalidRequest, "invalid-request", "an empty batch")));
    return out;
  }
  if (out.batch && json.size() > limits.maxBatch) {
    out.batch = false;
    out.ready.push_back(errorText(nullptr, RpcError(code::kLimitExceeded, "batch-too-large",
                                                        "a batch holds at most " + std::to_string(limits.maxBatch) +
                                                            " requests")));
    return out;
  }
  const auto& items = out.batch ? json : Json::array({json});
  for (const auto& item : items) {
    Json id;
    try {
      out.requests.push_back(readRequest(item, id));
    } catch (const RpcError& e) {
      out.ready.push_back(errorText(id, e));
    }
  }
  return out;
}

RpcError Connection::rateLimited() const {
  return {code::kLimitExceeded, "rate-limit",
          "more than " + std::to_string(static_cast<long long>(api_->limits().callsPerSecond)) +
              " calls a second on this connection"};
}

namespace {

// One request of a batch: its response goes to the batch's slot `index`;
// the last one to respond answers the message, in request order.
struct BatchItem : Responder, std::enable_shared_from_this<BatchItem> {
  struct Batch {
    std::shared_ptr<Connection::Parsed> parsed;
    std::vector<std::string> responses;
    std::size_t left;
    std::shared_ptr<Responder> to;
  };
  BatchItem(std::shared_ptr<Batch> b, std::size_t i) : batch(std::move(b)), index(i) {}
  void respond(std::string_view text) override;
  std::shared_ptr<Responder> keep() override { return shared_from_this(); }
  std::shared_ptr<Batch> batch;
  std::size_t index;
};

}  // namespace

void Connection::receive(std::string_view message, Responder& to) {
  // The common message, one request read without a JSON tree, goes to the
  // engine as it is, read into the request kept for it: no batch
  // bookkeeping, and no allocation (docs/performance.md).
  if (reader_->readInto(request_, message, api_->limits().maxDepth)) return receiveOne(request_, to);
  auto parsed = std::make_shared<Parsed>(parse(message));
  if (!parsed->requests.empty() && !limiter_.take(static_cast<double>(parsed->requests.size()))) {
    const RpcError limited = rateLimited();
    for (auto& r : parsed->requests)
      if (!r.notification) parsed->ready.push_back(errorText(r.id, limited));
    parsed->requests.clear();
  }
  if (parsed->requests.empty()) return to.respond(answerText(parsed->batch, parsed->ready));
  // Each call answers on the engine's thread, at once or (a robot's) later;
  // the message is answered once all of them have, in request order.
  const std::size_t count = parsed->requests.size();
  auto batch = std::make_shared<BatchItem::Batch>(BatchItem::Batch{parsed, std::vector<std::string>(count), count, to.keep()});
  api_->engine().clock.post([api = api_, client = client_, batch] {
    for (std::size_t i = 0; i < batch->responses.size(); ++i)
      api->execute(batch->parsed->requests[i], *client, *std::make_shared<BatchItem>(batch, i));
  });
}

namespace {

void BatchItem::respond(std::string_view text) {
  batch->responses[index] = text;
  if (--batch->left > 0) return;
  auto& parsed = *batch->parsed;
  for (auto& r : batch->responses) parsed.ready.push_back(std::move(r));
  batch->to->respond(answerText(parsed.batch, parsed.ready));
}

}  // namespace

void Connection::receiveOne(Request& request, Responder& to) {
  if (!limiter_.take(1.0)) return to.respond(request.notification ? std::string() : errorText(request.id, rateLimited()));
  // In the turn that read it when the engine runs on this thread and has
  // nothing due: a turn of the loop less per call (docs/performance.md).
  if (api_->engine().clock.runHere([&] { api_->execute(request, *client_, to); })) return;
  api_->engine().clock.post([api = api_, client = client_, request = std::move(request), to = to.keep()] {
    api->execute(request, *client, *to);
  });
}

void Connection::tooLarge(Responder& to) const {
  to.respond(errorText(nullptr, RpcError(code::kLimitExceeded, "message-too-large",
                                         "a message is at most " + std::to_string(api_->limits().maxMessageBytes) +
                                             " bytes")));
}

}  // namespace autolife::api
