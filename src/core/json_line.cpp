#include "autolife/core/json_line.hpp"

#include <nlohmann/json.hpp>

#include "autolife/core/value.hpp"

namespace autolife::core {

namespace {

template <class Json>
void append(std::string& out, const Json& v) {
  switch (v.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (auto it = v.begin(); it != v.end(); ++it) {
        if (!first) out += ", ";
        first = false;
        out += Json(it.key()).dump(-1, ' ', false, Json::error_handler_t::replace);
        out += ": ";
        append(out, it.value());
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const auto& item : v) {
        if (!first) out += ", ";
        first = false;
        append(out, item);
      }
      out += ']';
      return;
    }
    case Json::value_t::number_float: out += formatFloat(v.template get<double>()); return;
    default: out += v.dump(-1, ' ', false, Json::error_handler_t::replace); return;
  }
}

}  // namespace

std::string jsonLine(const nlohmann::ordered_json& value) {
  std::string out;
  append(out, value);
  return out;
}

std::string jsonLine(const nlohmann::json& value) {
  std::string out;
  append(out, value);
  return out;
}

}  // namespace autolife::core
