#include "autolife/xml/xml_file.hpp"

#include <cctype>

namespace autolife::xml {

namespace {

// Excerpts of enormous lines help nobody and cost memory in every copy.
constexpr std::size_t kMaxExcerpt = 200;
// Quoted names and values in messages are cut beyond this many bytes.
constexpr std::size_t kMaxQuoted = 120;

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

XmlFile::XmlFile(std::string text, std::string fileName)
    : text_(std::move(text)), fileName_(std::move(fileName)), lines_(text_) {}

std::optional<core::Diagnostic> XmlFile::parse() {
  // UTF-8 is forced so that pugixml's offsets are offsets into our text (no
  // conversion copies it elsewhere). Choregraphe writes UTF-8.
  pugi::xml_parse_result result =
      document_.load_buffer(text_.data(), text_.size(), pugi::parse_default, pugi::encoding_utf8);
  if (result && root()) return std::nullopt;
  std::string description = result ? "the file has no root element" : result.description();
  if (!description.empty())
    description[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(description[0])));
  std::size_t offset = result.offset < 0 ? 0 : static_cast<std::size_t>(result.offset);
  return diagnosticAt(offset, "malformed XML: " + description);
}

std::size_t XmlFile::offsetOf(pugi::xml_node node) const {
  std::ptrdiff_t offset = node.offset_debug();
  if (offset < 0) return 0;
  auto at = static_cast<std::size_t>(offset);
  // pugixml gives an element's name; people expect its '<'.
  if (node.type() == pugi::node_element && at > 0 && at <= text_.size() && text_[at - 1] == '<') --at;
  return at;
}

std::size_t XmlFile::offsetOf(pugi::xml_node element, std::string_view attribute) const {
  std::size_t begin = offsetOf(element);
  std::size_t end = startTagEnd(text_, begin);
  std::string_view tag = std::string_view(text_).substr(begin, end - begin);
  for (std::size_t at = tag.find(attribute); at != std::string_view::npos; at = tag.find(attribute, at + 1)) {
    bool startsName = at > 0 && !isNameChar(tag[at - 1]);
    std::size_t after = at + attribute.size();
    while (after < tag.size() && std::isspace(static_cast<unsigned char>(tag[after]))) ++after;
    if (startsName && after < tag.size() && tag[after] == '=') return begin + at;
  }
  return begin;
}

std::string XmlFile::excerpt(int line) const {
  std::string_view text = lines_.line(line);
  return text.size() <= kMaxExcerpt ? std::string(text) : std::string();
}

core::Diagnostic XmlFile::diagnosticAt(std::size_t offset, std::string message) const {
  core::TextPosition at = positionAt(offset);
  core::Diagnostic d;
  d.file = fileName_;
  d.line = at.line;
  d.column = at.column;
  d.message = std::move(message);
  d.sourceLine = excerpt(at.line);
  return d;
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

std::string textOf(pugi::xml_node element) { return trimmed(contentOf(element)); }

std::string trimmed(std::string_view text) {
  const char* space = " \t\r\n";
  std::size_t begin = text.find_first_not_of(space);
  if (begin == std::string_view::npos) return {};
  std::size_t end = text.find_last_not_of(space);
  return std::string(text.substr(begin, end - begin + 1));
}

std::string inQuotes(std::string_view text) {
  std::string out = "'";
  std::size_t i = 0;
  // Cut at kMaxQuoted bytes, but never inside a UTF-8 character.
  for (; i < text.size() && (i < kMaxQuoted || (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    out += c < 0x20 || c == 0x7F ? '?' : static_cast<char>(c);
  }
  if (i < text.size()) out += "...";
  return out + "'";
}

}  // namespace autolife::xml
