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

void Connection::receive(std::string_view message, Answer answer) {
  // The common message, one request read without a JSON tree, goes to the
  // engine as it is: no batch bookkeeping for it (one allocation a call
  // instead of six, docs/performance.md).
  if (auto request = reader_->read(message, api_->limits().maxDepth)) return receiveOne(*request, std::move(answer));
  auto parsed = std::make_shared<Parsed>(parse(message));
  if (!parsed->requests.empty() && !limiter_.take(static_cast<double>(parsed->requests.size()))) {
    const RpcError limited = rateLimited();
    for (auto& r : parsed->requests)
      if (!r.notification) parsed->ready.push_back(errorText(r.id, limited));
    parsed->requests.clear();
  }
  if (parsed->requests.empty()) {
    answer(answerText(parsed->batch, parsed->ready));
    return;
  }
  // Each call answers on the engine's thread, at once or (a robot's) later;
  // the message is answered once all of them have, in request order.
  api_->engine().clock.post([api = api_, client = client_, parsed, answer = std::move(answer)] {
    const std::size_t count = parsed->requests.size();
    auto responses = std::make_shared<std::vector<std::string>>(count);
    auto left = std::make_shared<std::size_t>(count);
    for (std::size_t i = 0; i < count; ++i)
      api->execute(parsed->requests[i], *client, [parsed, responses, left, i, answer](std::string response) {
        (*responses)[i] = std::move(response);
        if (--*left > 0) return;
        for (auto& r : *responses) parsed->ready.push_back(std::move(r));
        answer(answerText(parsed->batch, parsed->ready));
      });
  });
}

void Connection::receiveOne(Request& request, Answer answer) {
  if (!limiter_.take(1.0)) return answer(request.notification ? std::string() : errorText(request.id, rateLimited()));
  // In the turn that read it when the engine runs on this thread and has
  // nothing due: a turn of the loop less per call (docs/performance.md).
  if (api_->engine().clock.runHere([&] { api_->execute(request, *client_, std::move(answer)); })) return;
  api_->engine().clock.post([api = api_, client = client_, request = std::move(request), answer = std::move(answer)]() mutable {
    api->execute(request, *client, std::move(answer));
  });
}

void Connection::tooLarge(Answer answer) const {
  answer(errorText(nullptr, RpcError(code::kLimitExceeded, "message-too-large",
                                              "a message is at most " +
                                                  std::to_string(api_->limits().maxMessageBytes) + " bytes")));
}

}  // namespace autolife::api
