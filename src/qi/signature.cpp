#include "autolife/qi/signature.hpp"

#include <string_view>

namespace autolife::qi {

namespace {

bool isScalar(char c) {
  return std::string_view("_bcCwWiIlLfdsvmroX").find(c) != std::string_view::npos;
}

std::string describe(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + c + "'";
  static const char* digits = "0123456789abcdef";
  const auto u = static_cast<unsigned char>(c);
  return std::string("byte 0x") + digits[u >> 4] + digits[u & 15];
}

// Recursive descent over the text; `depth` bounds the recursion a hostile
// signature can cause.
class Parser {
public:
  Parser(std::string_view text, const Limits& limits) : text_(text), limits_(limits) {}

  Signature parseOne(std::size_t depth) {
    if (depth > limits_.maxDepth)
      throw DecodeError(pos_, "signature nested deeper than " + std::to_string(limits_.maxDepth));
    if (pos_ >= text_.size()) throw DecodeError(pos_, "signature ends where a type was expected");
    const char c = text_[pos_];
    const std::size_t start = pos_;
    std::vector<Signature> children;
    ++pos_;
    if (c == '[' || c == '+' || c == '#') {
      children.push_back(parseOne(depth + 1));
      if (c == '[') expect(']', "list");
    } else if (c == '{') {
      children.push_back(parseOne(depth + 1));
      children.push_back(parseOne(depth + 1));
      expect('}', "map");
    } else if (c == '(') {
      while (pos_ < text_.size() && text_[pos_] != ')') children.push_back(parseOne(depth + 1));
      expect(')', "tuple");
    } else if (!isScalar(c)) {
      throw DecodeError(start, "signature has " + describe(c) + " where a type was expected");
    }
    std::string note;
    if (pos_ < text_.size() && text_[pos_] == '<') note = annotation();
    return Signature(static_cast<Kind>(c), std::move(children), std::move(note));
  }

  void expectEnd() {
    if (pos_ != text_.size())
      throw DecodeError(pos_, "signature has " + describe(text_[pos_]) + " after a complete type");
  }

private:
  void expect(char close, const char* what) {
    if (pos_ >= text_.size()) throw DecodeError(pos_, std::string("signature ends inside a ") + what);
    if (text_[pos_] != close)
      throw DecodeError(pos_, std::string("signature has ") + describe(text_[pos_]) + " where the " + what +
                                  " should close with '" + close + "'");
    ++pos_;
  }

  // `<...>` with nested brackets, kept verbatim (without the outer pair).
  std::string annotation() {
    const std::size_t start = pos_;
    int open = 0;
    for (; pos_ < text_.size(); ++pos_) {
      const char c = text_[pos_];
      if (c == '<') ++open;
      else if (c == '>' && --open == 0) {
        ++pos_;
        if (pos_ - start == 2) throw DecodeError(start, "empty annotation '<>'");
        return std::string(text_.substr(start + 1, pos_ - start - 2));
      }
    }
    throw DecodeError(start, "annotation '<' is never closed");
  }

  std::string_view text_;
  const Limits& limits_;
  std::size_t pos_ = 0;
};

std::vector<std::string> splitAnnotation(const std::string& annotation) {
  std::vector<std::string> parts;
  std::string current;
  int nested = 0;
  for (char c : annotation) {
    if (c == '<') ++nested;
    if (c == '>') --nested;
    if (c == ',' && nested == 0) {
      parts.push_back(std::move(current));
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(std::move(current));
  return parts;
}

}  // namespace

Signature::Signature(Kind kind, std::vector<Signature> children, std::string annotation)
    : kind_(kind), children_(std::move(children)), annotation_(std::move(annotation)) {}

Signature Signature::parse(std::string_view text, const Limits& limits) {
  if (text.size() > limits.maxSignature)
    throw DecodeError(0, "signature of " + std::to_string(text.size()) + " characters exceeds the limit of " +
                             std::to_string(limits.maxSignature));
  Parser parser(text, limits);
  Signature result = parser.parseOne(0);
  parser.expectEnd();
  return result;
}

Signature Signature::tuple(std::vector<Signature> members) { return Signature(Kind::Tuple, std::move(members)); }

std::string Signature::structName() const {
  if (annotation_.empty()) return {};
  return splitAnnotation(annotation_).front();
}

std::vector<std::string> Signature::fieldNames() const {
  if (annotation_.empty()) return {};
  auto parts = splitAnnotation(annotation_);
  parts.erase(parts.begin());
  return parts;
}

bool Signature::isInteger() const {
  switch (kind_) {
    case Kind::Int8: case Kind::UInt8: case Kind::Int16: case Kind::UInt16:
    case Kind::Int32: case Kind::UInt32: case Kind::Int64: case Kind::UInt64:
      return true;
    default:
      return false;
  }
}

bool Signature::isUnsigned() const {
  return kind_ == Kind::UInt8 || kind_ == Kind::UInt16 || kind_ == Kind::UInt32 || kind_ == Kind::UInt64;
}

std::size_t Signature::scalarSize() const {
  switch (kind_) {
    case Kind::Bool: case Kind::Int8: case Kind::UInt8: return 1;
    case Kind::Int16: case Kind::UInt16: return 2;
    case Kind::Int32: case Kind::UInt32: case Kind::Float: return 4;
    case Kind::Int64: case Kind::UInt64: case Kind::Double: return 8;
    default: return 0;
  }
}

std::size_t Signature::minimumSize() const {
  switch (kind_) {
    case Kind::String: case Kind::Raw: case Kind::List: case Kind::Map: case Kind::VarArgs:
    case Kind::Dynamic:  // its signature's length
      return 4;
    case Kind::Optional: return 1;
    case Kind::Object: return 4;  // at least the metaObject's first count
    case Kind::Tuple: {
      std::size_t total = 0;
      for (const auto& c : children_) total += c.minimumSize();
      return total;
    }
    default: return scalarSize();
  }
}

void Signature::appendTo(std::string& out) const {
  out += static_cast<char>(kind_);
  switch (kind_) {
    case Kind::List: children_[0].appendTo(out); out += ']'; break;
    case Kind::Map: children_[0].appendTo(out); children_[1].appendTo(out); out += '}'; break;
    case Kind::Optional: case Kind::VarArgs: children_[0].appendTo(out); break;
    case Kind::Tuple:
      for (const auto& c : children_) c.appendTo(out);
      out += ')';
      break;
    default: break;
  }
  if (!annotation_.empty()) {
    out += '<';
    out += annotation_;
    out += '>';
  }
}

std::string Signature::toString() const {
  std::string out;
  appendTo(out);
  return out;
}

}  // namespace autolife::qi
