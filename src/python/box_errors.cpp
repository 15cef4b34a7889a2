// Box errors located where the user can find them: the box's name, the
// file (the .xar, or the object's .py), the line and the column.
#include <optional>

#include "bridge_internal.hpp"

namespace autolife::python {

std::string BoxError::format() const {
  std::string where = file;
  if (line > 0) where += ":" + std::to_string(line);
  if (line > 0 && column > 0) where += ":" + std::to_string(column);
  return (where.empty() ? "" : where + ": ") + "box '" + box + "': " + message;
}

namespace detail {

namespace {

const char* const kFrameworkPrefix = "<autolife>/";

std::string nthLine(const std::string& text, int n) {
  std::size_t begin = 0;
  for (int i = 1; i < n; ++i) {
    begin = text.find('\n', begin);
    if (begin == std::string::npos) return {};
    ++begin;
  }
  const std::size_t end = text.find('\n', begin);
  return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

std::size_t characters(std::string_view utf8) {
  std::size_t n = 0;
  for (unsigned char c : utf8)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

int firstNonBlank(const std::string& line) {
  const auto at = line.find_first_not_of(" \t");
  return at == std::string::npos ? 1 : static_cast<int>(characters(std::string_view(line).substr(0, at))) + 1;
}

// The 1-based column, in characters of the user's file, of byte `offset`
// of line `scriptLine` of the script as it was compiled. A line 2to3
// changed has no such column in the user's text: its first character then.
int fileColumn(const BoxScript& s, py::handle rewritten, int scriptLine, int byteOffset) {
  const std::string original = nthLine(s.source, scriptLine);
  int column = firstNonBlank(original);
  if (rewritten && !rewritten.is_none()) {
    const std::string compiled = nthLine(rewritten.cast<std::string>(), scriptLine);
    if (compiled == original && byteOffset >= 0 && static_cast<std::size_t>(byteOffset) <= original.size())
      column = static_cast<int>(characters(std::string_view(original).substr(0, byteOffset))) + 1;
  } else if (byteOffset >= 0 && static_cast<std::size_t>(byteOffset) <= original.size()) {
    column = static_cast<int>(characters(std::string_view(original).substr(0, byteOffset))) + 1;
  }
  return scriptLine == 1 ? column + s.firstColumn - 1 : column;
}

// "SyntaxError: msg" or, for Python 2 syntax, the sentence saying so.
void describeSyntaxError(BoxError& err, py::handle v) {
  const std::string text = v.attr("text").is_none() ? "" : py::str(v.attr("text")).cast<std::string>();
  const std::string msg = v.attr("msg").is_none() ? "" : py::str(v.attr("msg")).cast<std::string>();
  err.python2 = framework().attr("looks_like_python2")(msg, text).cast<bool>();
  err.message = err.python2 ? "Python 2 syntax (autolife runs Python 3): " + msg : "SyntaxError: " + msg;
}

}  // namespace

BoxError syntaxErrorFrom(py::handle v, const BoxScript& s, py::handle rewritten) {
  BoxError err{s.boxName, s.file, 0, 0, {}, false, false, {}};
  describeSyntaxError(err, v);
  if (v.attr("lineno").is_none()) return err;
  const int scriptLine = v.attr("lineno").cast<int>();
  err.line = scriptLine + s.firstLine - 1;
  if (!v.attr("offset").is_none()) {
    // offset: 1-based, in characters of the line it names (the original's:
    // a SyntaxError comes from the text that did not compile).
    const int offset = v.attr("offset").cast<int>();
    err.column = std::max(1, offset) + (scriptLine == 1 ? s.firstColumn - 1 : 0);
  }
  (void)rewritten;
  return err;
}

std::string turnTimeoutMessage(const BoxSlot* slot) {
  std::string limit = "its limit";
  if (slot)
    if (auto* workers = workersOf(*slot)) {
      const auto ms = workers->limits().turn.count();
      limit = ms % 1000 ? std::to_string(ms) + " ms" : std::to_string(ms / 1000) + " s";
    }
  return "TurnTimeout: the box kept its thread for more than " + limit +
         " of wall time without giving it back (virtual time waits for every box); interrupted";
}

BoxError errorFrom(py::error_already_set& e, const BoxScript& s, const BoxSlot* slot, py::handle rewritten) {
  // A box looping past its turn limit can be interrupted again while its
  // first interruption is being formatted here (seen under TSan): that one
  // would escape from the formatting instead of being the box's error.
  std::optional<NotBoxCode> formatting;
  if (slot) formatting.emplace(*slot);
  if (e.matches(PyExc_SyntaxError)) return syntaxErrorFrom(e.value(), s, rewritten);
  BoxError err{s.boxName, s.file, 0, 0, {}, false, false, {}};
  const std::string type = py::str(e.type().attr("__name__")).cast<std::string>();
  err.message = type == "TurnTimeout" ? turnTimeoutMessage(slot) : type + ": " + py::str(e.value()).cast<std::string>();
  if (!e.trace()) return err;
  // The innermost frame in the box's script; else the innermost one that
  // is not the framework's (a module the behavior ships).
  py::list frames = py::module_::import("traceback").attr("extract_tb")(e.trace());
  py::object mine, other;
  for (auto f : frames) {
    const auto file = f.attr("filename").cast<std::string>();
    if (file == s.file) mine = py::reinterpret_borrow<py::object>(f);
    else if (!file.starts_with(kFrameworkPrefix) && file != "<string>") other = py::reinterpret_borrow<py::object>(f);
  }
  if (mine) {
    err.line = mine.attr("lineno").cast<int>();
    const py::object colno = mine.attr("colno");
    err.column = fileColumn(s, rewritten, err.line - s.firstLine + 1, colno.is_none() ? -1 : colno.cast<int>());
  } else if (other) {
    err.file = other.attr("filename").cast<std::string>();
    err.line = other.attr("lineno").cast<int>();
    const py::object colno = other.attr("colno");
    if (!colno.is_none()) err.column = colno.cast<int>() + 1;
  }
  return err;
}

void reportCallbackError(BoxSlot& slot, py::error_already_set& e, const std::string& what) {
  const BoxError err = errorFrom(e, slot.script, &slot, slot.rewritten);
  std::string where = err.file;
  if (err.line > 0) where += ":" + std::to_string(err.line);
  if (err.line > 0 && err.column > 0) where += ":" + std::to_string(err.column);
  const std::string message =
      (where.empty() ? "" : where + ": ") + "box '" + slot.script.boxName + "': " + what + " failed: " + err.message;
  std::shared_lock lock(slot.hostMutex);
  if (slot.host) slot.host->log("error", message);
}

}  // namespace detail
}  // namespace autolife::python
