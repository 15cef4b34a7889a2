#include "launch_trigger.hpp"

#include "autolife/condition/invalid_operands.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <variant>
#include <vector>

namespace autolife::package {

namespace {

// A condition's text is what pugixml decoded from one or more text/CDATA
// nodes. Each piece remembers where it came from, so that a position in the
// decoded text can be walked back to the file.
struct Piece {
  std::size_t decodedBegin = 0;
  std::size_t rawBegin = 0;
  bool cdata = false;
};

struct ConditionText {
  std::string text;
  std::vector<Piece> pieces;
};

ConditionText gatherText(const XmlFile& file, pugi::xml_node condition) {
  ConditionText out;
  for (pugi::xml_node child : condition.children()) {
    bool cdata = child.type() == pugi::node_cdata;
    if (!cdata && child.type() != pugi::node_pcdata) continue;
    out.pieces.push_back(Piece{out.text.size(), file.offsetOf(child), cdata});
    out.text += child.value();
  }
  return out;
}

// The byte offset of a 1-based line:column (columns in UTF-8 characters,
// lines ending at '\n'), as the conditions compiler counts them.
std::size_t offsetOfLineColumn(std::string_view text, int line, int column) {
  std::size_t i = 0;
  for (int l = 1; l < line && i < text.size(); ++i)
    if (text[i] == '\n') ++l;
  for (int c = 1; c < column && i < text.size(); ++c) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return i;
}

std::size_t utf8Length(unsigned long codePoint) {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

// How one unit of raw XML text at `raw[0]` decodes: `rawLength` bytes in
// the file become `decodedLength` bytes of text. Mirrors what pugixml does
// with parse_eol (\r\n and \r become \n) and, outside CDATA, parse_escapes.
struct Unit {
  std::size_t rawLength = 1;
  std::size_t decodedLength = 1;
};

Unit entityUnit(std::string_view raw) {
  for (std::string_view name : {"&lt;", "&gt;", "&amp;", "&quot;", "&apos;"})
    if (raw.starts_with(name)) return Unit{name.size(), 1};
  if (!raw.starts_with("&#")) return Unit{};
  bool hex = raw.size() > 2 && raw[2] == 'x';
  std::size_t i = hex ? 3 : 2;
  unsigned long code = 0;
  std::size_t digits = 0;
  for (; i < raw.size() && std::isxdigit(static_cast<unsigned char>(raw[i])) && digits < 8; ++i, ++digits) {
    char c = static_cast<char>(std::tolower(static_cast<unsigned char>(raw[i])));
    if (!hex && !std::isdigit(static_cast<unsigned char>(c))) break;
    code = code * (hex ? 16 : 10) + static_cast<unsigned long>(c <= '9' ? c - '0' : c - 'a' + 10);
  }
  if (digits == 0 || i >= raw.size() || raw[i] != ';') return Unit{};
  return Unit{i + 1, utf8Length(code)};
}

Unit unitAt(std::string_view raw, bool cdata) {
  if (raw.starts_with("\r\n")) return Unit{2, 1};
  if (!cdata && raw.starts_with('&')) return entityUnit(raw);
  return Unit{};
}

// The file offset that decoded to byte `steps` of a piece.
std::size_t rawOffsetIn(std::string_view file, const Piece& piece, std::size_t steps) {
  std::size_t raw = piece.rawBegin;
  std::size_t decoded = 0;
  while (raw < file.size()) {
    Unit unit = unitAt(file.substr(raw), piece.cdata);
    if (decoded + unit.decodedLength > steps) break;
    decoded += unit.decodedLength;
    raw += unit.rawLength;
  }
  return raw;
}

std::size_t fileOffsetOf(const XmlFile& file, const ConditionText& condition, std::size_t decodedOffset) {
  const Piece* piece = &condition.pieces.front();
  for (const Piece& p : condition.pieces)
    if (p.decodedBegin <= decodedOffset) piece = &p;
  return rawOffsetIn(file.text(), *piece, decodedOffset - piece->decodedBegin);
}

bool isBlank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

// Where each key is first read, and the comparisons true while their key
// has no value, located in the file for `check`.
void locateReads(const XmlFile& file, const ConditionText& condition, LaunchTrigger& trigger) {
  const condition::Program& p = *trigger.program;
  auto at = [&](std::uint32_t offset, std::string message) {
    return file.diagnosticAt(fileOffsetOf(file, condition, offset), std::move(message));
  };
  trigger.keyReads.assign(p.keys.size(), core::Diagnostic{});
  std::vector<bool> seen(p.keys.size(), false);
  for (const auto& n : p.nodes) {
    const bool reads = n.kind == condition::NodeKind::Key ||
                       (n.kind == condition::NodeKind::Call && n.function() == condition::Function::Bang);
    if (!reads || seen[n.payload]) continue;
    seen[n.payload] = true;
    trigger.keyReads[n.payload] = at(n.span.begin, "");
  }
  for (const auto& hint : condition::trueWithoutValue(p))
    trigger.hints.push_back({hint.key, at(hint.span.begin, "launch condition: " + hint.message)});
}

// Compiles the condition; a compile error is reported where it is in the file.
void compileInto(XmlFile& file, const ConditionText& condition, LaunchTrigger& trigger) {
  auto compiled = condition::compile(condition.text);
  if (auto* program = std::get_if<std::shared_ptr<const condition::Program>>(&compiled)) {
    trigger.program = *program;
    locateReads(file, condition, trigger);
    return;
  }
  const core::Diagnostic& d = std::get<core::Diagnostic>(compiled);
  std::size_t decoded = d.line > 0 ? offsetOfLineColumn(condition.text, d.line, std::max(d.column, 1)) : 0;
  file.reportAt(core::Severity::Error, fileOffsetOf(file, condition, decoded), "launch condition: " + d.message);
}

bool isLaunchTrigger(pugi::xml_node node) {
  return node.type() == pugi::node_element && std::string_view(node.name()) == "condition" &&
         std::string_view(node.attribute("purpose").value()) == "launchTrigger";
}

}  // namespace

std::optional<LaunchTrigger> readLaunchTrigger(XmlFile& file, pugi::xml_node autonomous) {
  pugi::xml_node element;
  for (pugi::xml_node child : autonomous.children()) {
    if (!isLaunchTrigger(child)) continue;
    if (element) {
      file.report(core::Severity::Warning, child, "more than one launch trigger condition: only the first is used");
      continue;
    }
    element = child;
  }
  if (!element) return std::nullopt;
  ConditionText condition = gatherText(file, element);
  if (isBlank(condition.text)) {
    file.report(core::Severity::Warning, element, "empty launch trigger condition: the activity never starts by itself");
    return std::nullopt;
  }
  LaunchTrigger trigger;
  trigger.text = condition.text;
  trigger.start = file.positionAt(condition.pieces.front().rawBegin);
  compileInto(file, condition, trigger);
  return trigger;
}

}  // namespace autolife::package
