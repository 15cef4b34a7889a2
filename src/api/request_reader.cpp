#include "autolife/api/request_reader.hpp"

#include <cmath>
#include <cstring>
#include <vector>

#include <simdjson.h>

namespace autolife::api {

struct RequestReader::Parser {
  simdjson::dom::parser dom;
  std::vector<char> padded;  // the message, then SIMDJSON_PADDING bytes
  // The arguments' array, refilled when only this reader holds it (the
  // request it was read into has let it go).
  std::shared_ptr<core::Value::Array> arguments;
};

RequestReader::RequestReader() : parser_(std::make_unique<Parser>()) {}
RequestReader::~RequestReader() = default;

namespace {

using Type = simdjson::dom::element_type;

// Whether the fast path leaves `value` to nlohmann's reading: an array or an
// object; with `minusZero` (the message has a "-0" somewhere, which simdjson
// reads as the integer 0 and nlohmann as a signed one) a 0; an integral
// float ("-0", "1.0", "1e3").
bool leftToTheFullReader(simdjson::dom::element value, bool minusZero) {
  switch (value.type()) {
    case Type::INT64: return minusZero && value.get_int64().value_unsafe() == 0;
    case Type::DOUBLE: {
      const double d = value.get_double().value_unsafe();
      return std::trunc(d) == d;
    }
    case Type::ARRAY:
    case Type::OBJECT: return true;
    default: return false;
  }
}

// An id as nlohmann's parser would have made it (it is written back as it
// came), or nothing.
std::optional<Json> plain(simdjson::dom::element value, bool minusZero) {
  if (leftToTheFullReader(value, minusZero)) return std::nullopt;
  switch (value.type()) {
    case Type::STRING: return Json(std::string(value.get_string().value_unsafe()));
    case Type::INT64: {
      const std::int64_t i = value.get_int64().value_unsafe();
      if (i >= 0) return Json(static_cast<std::uint64_t>(i));  // nlohmann: number_unsigned
      return Json(i);
    }
    case Type::UINT64: return Json(value.get_uint64().value_unsafe());
    case Type::DOUBLE: return Json(value.get_double().value_unsafe());
    case Type::BOOL: return Json(value.get_bool().value_unsafe());
    default: return Json(nullptr);
  }
}

// An argument as the engine's value, straight from simdjson (what
// core::jsonToValue makes of nlohmann's reading), or nothing.
std::optional<core::Value> argument(simdjson::dom::element value, bool minusZero) {
  if (leftToTheFullReader(value, minusZero)) return std::nullopt;
  switch (value.type()) {
    case Type::STRING: return core::Value(value.get_string().value_unsafe());
    case Type::INT64: return core::Value(value.get_int64().value_unsafe());
    case Type::UINT64: return core::Value(value.get_uint64().value_unsafe());
    case Type::DOUBLE: return core::Value(value.get_double().value_unsafe());
    case Type::BOOL: return core::Value(value.get_bool().value_unsafe());
    default: return core::Value();
  }
}

}  // namespace

std::optional<Request> RequestReader::read(std::string_view message, std::size_t maxDepth) {
  std::optional<Request> out(std::in_place);  // one return of one object: built where it is returned
  if (!readInto(*out, message, maxDepth)) out.reset();
  return out;
}

bool RequestReader::readInto(Request& r, std::string_view message, std::size_t maxDepth) {
  r.id = nullptr;
  r.params = core::Value();  // lets go of the last arguments, for them to be refilled
  if (maxDepth < 2 || message.empty()) return false;
  auto& padded = parser_->padded;
  if (padded.size() < message.size() + simdjson::SIMDJSON_PADDING) padded.resize(message.size() + simdjson::SIMDJSON_PADDING);
  std::memcpy(padded.data(), message.data(), message.size());
  simdjson::dom::object object;
  if (parser_->dom.parse(padded.data(), message.size(), false).get_object().get(object)) return false;
  const bool minusZero = message.find("-0") != std::string_view::npos;
  r.notification = true;
  bool version = false, method = false, params = false;
  for (auto field : object) {
    const std::string_view key = field.key;
    if (key == "jsonrpc" && !version) {
      std::string_view v;
      if (field.value.get_string().get(v) || v != "2.0") return false;
      version = true;
    } else if (key == "id" && r.notification) {
      const auto type = field.value.type();
      if (type == simdjson::dom::element_type::ARRAY || type == simdjson::dom::element_type::OBJECT ||
          type == simdjson::dom::element_type::BOOL)
        return false;
      auto id = plain(field.value, minusZero);
      if (!id) return false;
      r.id = std::move(*id);
      r.notification = false;
    } else if (key == "method" && !method) {
      std::string_view m;
      if (field.value.get_string().get(m)) return false;
      r.method = m;
      method = true;
    } else if (key == "params" && !params) {
      simdjson::dom::array array;
      if (field.value.get_array().get(array)) return false;
      auto& arguments = parser_->arguments;
      if (!arguments || arguments.use_count() > 1) arguments = std::make_shared<core::Value::Array>();
      arguments->clear();
      arguments->reserve(array.size());
      for (auto element : array) {
        auto value = argument(element, minusZero);
        if (!value) return false;
        arguments->push_back(std::move(*value));
      }
      r.params = core::Value::sharing(arguments);
      params = true;
    } else {
      return false;  // another member, or one repeated
    }
  }
  return version && method;
}

}  // namespace autolife::api
