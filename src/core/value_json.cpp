#include "autolife/core/value_json.hpp"

#include <nlohmann/json.hpp>

#include <limits>
#include <string>
#include <stdexcept>

namespace autolife::core {

Value jsonToValue(const nlohmann::json& j) {
  using T = nlohmann::json::value_t;
  switch (j.type()) {
    case T::null: return {};
    case T::boolean: return j.get<bool>();
    case T::number_integer: return j.get<std::int64_t>();
    case T::number_unsigned: return j.get<std::uint64_t>();
    case T::number_float: return j.get<double>();
    case T::string: return j.get<std::string>();
    case T::array: {
      Value::Array a;
      a.reserve(j.size());
      for (const auto& e : j) a.push_back(jsonToValue(e));
      return a;
    }
    case T::object: {
      Value::Map m;
      for (const auto& [key, e] : j.items()) m.emplace_hint(m.end(), key, jsonToValue(e));
      return m;
    }
    case T::binary: {
      const auto& b = j.get_binary();
      return Value::Bytes{std::string(b.begin(), b.end())};
    }
    case T::discarded: break;
  }
  throw std::invalid_argument("unsupported JSON value");
}

Value valueFromJson(const nlohmann::json& j) { return conditionValue(jsonToValue(j)); }

namespace {

// Builds the DOM like nlohmann's own parser, but sees each number's lexeme.
// Also counts nesting, refusing what goes deeper than the limit.
class StrictIntegerSax : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
public:
  StrictIntegerSax(nlohmann::json& result, std::size_t maxDepth)
      : json_sax_dom_parser(result), maxDepth_(maxDepth) {}
  bool number_float(double value, const std::string& lexeme) {
    if (lexeme.find_first_of(".eE") == std::string::npos)
      throw std::invalid_argument("integer " + lexeme + " is beyond the 64-bit range");
    return json_sax_dom_parser::number_float(value, lexeme);
  }
  bool start_object(std::size_t n) { return enter() && json_sax_dom_parser::start_object(n); }
  bool start_array(std::size_t n) { return enter() && json_sax_dom_parser::start_array(n); }
  bool end_object() { --depth_; return json_sax_dom_parser::end_object(); }
  bool end_array() { --depth_; return json_sax_dom_parser::end_array(); }

private:
  bool enter() {
    if (++depth_ > maxDepth_)
      throw std::invalid_argument("nested deeper than " + std::to_string(maxDepth_) + " levels");
    return true;
  }
  std::size_t maxDepth_;
  std::size_t depth_ = 0;
};

}  // namespace

nlohmann::json parseJson(std::string_view text, std::size_t maxDepth) {
  nlohmann::json result;
  StrictIntegerSax sax(result, maxDepth);
  try {
    nlohmann::json::sax_parse(text, &sax);
  } catch (const nlohmann::json::out_of_range& e) {
    // A number beyond a double (1e400): nlohmann reports it as out_of_range
    // 406, which callers expecting parse_error would let escape.
    const std::string what = e.what();
    const auto end = what.find("] ");
    throw std::invalid_argument(end == std::string::npos ? what : what.substr(end + 2));
  }
  return result;
}

namespace {

nlohmann::json arrayToJson(const Value::Array& elements) {
  auto a = nlohmann::json::array();
  for (const auto& e : elements) a.push_back(valueToJson(e));
  return a;
}

}  // namespace

nlohmann::json valueToJson(const Value& v) {
  switch (v.type()) {
    case Value::Type::Invalid: return nullptr;
    case Value::Type::Bool: return v.asBool();
    case Value::Type::Int: return v.asInt();
    case Value::Type::Float: return v.asFloat();
    case Value::Type::String: return v.asString();
    case Value::Type::Array: return arrayToJson(v.asArray());
    case Value::Type::UInt: return v.asUInt();
    case Value::Type::Bytes: return v.asBytes();
    case Value::Type::Map: {
      auto o = nlohmann::json::object();
      for (const auto& [key, e] : v.asMap()) o.emplace(key, valueToJson(e));
      return o;
    }
    case Value::Type::Tuple: return arrayToJson(v.asTuple());
    case Value::Type::Object: throw std::invalid_argument("an object has no JSON form");
  }
  return nullptr;
}

}  // namespace autolife::core
