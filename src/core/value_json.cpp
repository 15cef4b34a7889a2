#include "autolife/core/value_json.hpp"

#include <limits>
#include <stdexcept>

namespace autolife::core {

Value valueFromJson(const nlohmann::json& j) {
  using T = nlohmann::json::value_t;
  switch (j.type()) {
    case T::null: return {};
    case T::boolean: return j.get<bool>();
    case T::number_integer: return j.get<std::int64_t>();
    case T::number_unsigned: {
      auto u = j.get<std::uint64_t>();
      if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        throw std::invalid_argument("integer " + std::to_string(u) + " is beyond the 64-bit range");
      return static_cast<std::int64_t>(u);
    }
    case T::number_float: return j.get<double>();
    case T::string: return j.get<std::string>();
    case T::array: {
      Value::Array a;
      a.reserve(j.size());
      for (const auto& e : j) a.push_back(valueFromJson(e));
      return a;
    }
    case T::object: throw std::invalid_argument("a JSON object is not a condition value");
    case T::binary:
    case T::discarded: break;
  }
  throw std::invalid_argument("unsupported JSON value");
}

namespace {

// Builds the DOM like nlohmann's own parser, but sees each number's lexeme.
class StrictIntegerSax : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
public:
  using json_sax_dom_parser::json_sax_dom_parser;
  bool number_float(double value, const std::string& lexeme) {
    if (lexeme.find_first_of(".eE") == std::string::npos)
      throw std::invalid_argument("integer " + lexeme + " is beyond the 64-bit range");
    return json_sax_dom_parser::number_float(value, lexeme);
  }
};

}  // namespace

nlohmann::json parseJson(std::string_view text) {
  nlohmann::json result;
  StrictIntegerSax sax(result);
  nlohmann::json::sax_parse(text, &sax);
  return result;
}

nlohmann::json valueToJson(const Value& v) {
  switch (v.type()) {
    case Value::Type::Invalid: return nullptr;
    case Value::Type::Bool: return v.asBool();
    case Value::Type::Int: return v.asInt();
    case Value::Type::Float: return v.asFloat();
    case Value::Type::String: return v.asString();
    case Value::Type::Array: {
      auto a = nlohmann::json::array();
      for (const auto& e : v.asArray()) a.push_back(valueToJson(e));
      return a;
    }
  }
  return nullptr;
}

}  // namespace autolife::core
