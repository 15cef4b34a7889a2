#include "xml_file.hpp"

#include <cctype>

namespace autolife::behavior {

namespace {

// Excerpts of enormous lines help nobody and cost memory in every copy.
constexpr std::size_t kMaxExcerpt = 200;

bool isBlank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// The end of an element's start tag: the first '>' outside quotes.
std::size_t startTagEnd(std::string_view text, std::size_t from) {
  char quote = 0;
  for (std::size_t i = from; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote) quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '>') {
      return i;
    }
  }
  return text.size();
}

bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ':';
}

}  // namespace

XmlFile::XmlFile(std::string text, std::string fileName, Report& report)
    : text_(std::move(text)),
      fileName_(std::make_shared<const std::string>(std::move(fileName))),
      lines_(text_),
      report_(report) {}

bool XmlFile::parse() {
  // UTF-8 is forced so that pugixml's offsets are offsets into our text (no
  // conversion copies it elsewhere). Choregraphe writes UTF-8.
  pugi::xml_parse_result result =
      document_.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
  if (result && root()) return true;
  std::string description = result ? "the file has no root element" : result.description();
  if (!description.empty())
    description[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(description[0])));
  std::size_t offset = result.offset < 0 ? 0 : static_cast<std::size_t>(result.offset);
  error(sourceAt(offset), "malformed XML: " + description);
  return false;
}

std::size_t XmlFile::offsetOf(pugi::xml_node node) const {
  std::ptrdiff_t offset = node.offset_debug();
  if (offset < 0) return 0;
  auto at = static_cast<std::size_t>(offset);
  // pugixml gives an element's name; people expect its '<'.
  if (node.type() == pugi::node_element && at > 0 && at <= text_.size() && text_[at - 1] == '<') --at;
  return at;
}

Source XmlFile::sourceAt(std::size_t offset) const {
  core::TextPosition at = lines_.position(offset);
  return Source{fileName_, at.line, at.column};
}

Source XmlFile::source(pugi::xml_node element, const char* attribute) const {
  std::size_t begin = offsetOf(element);
  std::size_t end = startTagEnd(text_, begin);
  std::string_view tag = std::string_view(text_).substr(begin, end - begin);
  std::string_view name = attribute;
  for (std::size_t at = tag.find(name); at != std::string_view::npos; at = tag.find(name, at + 1)) {
    bool startsName = at > 0 && !isNameChar(tag[at - 1]);
    std::size_t after = at + name.size();
    while (after < tag.size() && std::isspace(static_cast<unsigned char>(tag[after]))) ++after;
    if (startsName && after < tag.size() && tag[after] == '=') return sourceAt(begin + at);
  }
  return source(element);
}

core::Diagnostic XmlFile::diagnostic(const Source& at, std::string message) const {
  core::Diagnostic d = at.diagnostic(std::move(message));
  std::string_view excerpt = lines_.line(at.line);
  if (at.file == fileName_ && excerpt.size() <= kMaxExcerpt) d.sourceLine = std::string(excerpt);
  return d;
}

void XmlFile::error(const Source& at, std::string message) const {
  report_.error(diagnostic(at, std::move(message)));
}

void XmlFile::warning(const Source& at, std::string message) const {
  report_.warning(diagnostic(at, std::move(message)));
}

std::string_view localName(pugi::xml_node node) {
  std::string_view name = node.name();
  std::size_t colon = name.rfind(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

bool isElement(pugi::xml_node node, std::string_view name) {
  return node.type() == pugi::node_element && localName(node) == name;
}

pugi::xml_node firstChild(pugi::xml_node parent, std::string_view name) {
  for (pugi::xml_node child : parent.children())
    if (isElement(child, name)) return child;
  return {};
}

pugi::xml_attribute attributeOf(pugi::xml_node element, std::string_view name) {
  for (pugi::xml_attribute attribute : element.attributes()) {
    std::string_view full = attribute.name();
    std::size_t colon = full.rfind(':');
    if ((colon == std::string_view::npos ? full : full.substr(colon + 1)) == name) return attribute;
  }
  return {};
}

namespace {

bool hasCdata(pugi::xml_node element) {
  for (pugi::xml_node child : element.children())
    if (child.type() == pugi::node_cdata) return true;
  return false;
}

// Around CDATA, text that is only whitespace is the file's indentation.
bool contributes(pugi::xml_node part, bool besideCdata) {
  if (part.type() == pugi::node_cdata) return true;
  return part.type() == pugi::node_pcdata && !(besideCdata && isBlank(part.value()));
}

}  // namespace

std::string contentOf(pugi::xml_node element) {
  bool besideCdata = hasCdata(element);
  std::string text;
  for (pugi::xml_node part : element.children())
    if (contributes(part, besideCdata)) text += part.value();
  return text;
}

pugi::xml_node firstContentPart(pugi::xml_node element) {
  bool besideCdata = hasCdata(element);
  for (pugi::xml_node part : element.children())
    if (contributes(part, besideCdata)) return part;
  return {};
}

std::string inQuotes(std::string_view text) {
  constexpr std::size_t kMax = 80;
  std::string out = "'";
  std::size_t i = 0;
  // Cut at kMax bytes, but never inside a UTF-8 character.
  for (; i < text.size() && (i < kMax || (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7F ? '?' : static_cast<char>(c);
  }
  if (i < text.size()) out += "...";
  return out + "'";
}

}  // namespace autolife::behavior
