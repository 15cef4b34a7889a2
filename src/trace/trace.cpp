#include "autolife/trace/trace.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "fast_step.hpp"
#include "scan_step.hpp"

namespace autolife::trace {

namespace {

using nlohmann::json;

bool isBlank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

std::vector<std::pair<std::string, core::Value>> keyValues(const json& j, const char* field, int line) {
  if (!j.is_object()) throw TraceError(line, std::string("\"") + field + "\" must be an object of key: value");
  std::vector<std::pair<std::string, core::Value>> out;
  for (const auto& [key, value] : j.items()) {
    if (key.empty()) throw TraceError(line, std::string("\"") + field + "\" has an empty key name");
    try {
      out.emplace_back(key, core::valueFromJson(value));
    } catch (const std::invalid_argument& e) {
      throw TraceError(line, std::string("\"") + field + "\" value of '" + key + "': " + e.what());
    }
  }
  return out;
}

std::vector<std::string> keyList(const json& j, const char* field, int line) {
  if (!j.is_array()) throw TraceError(line, std::string("\"") + field + "\" must be an array of key names");
  std::vector<std::string> out;
  for (const auto& k : j) {
    if (!k.is_string() || k.get<std::string>().empty())
      throw TraceError(line, std::string("\"") + field + "\" must hold non-empty key names (strings)");
    out.push_back(k.get<std::string>());
  }
  return out;
}

// nlohmann says "[json.exception.parse_error.101] parse error at line 1,
// column 25: ...": a trace line is one JSON line, so the only place worth
// keeping is the column (the line number is the trace's own).
std::string jsonErrorWithoutItsLine(const std::string& what) {
  auto at = what.find("column ");
  if (at != std::string::npos) return what.substr(at);
  auto pos = what.find("parse error");
  return pos == std::string::npos ? what : what.substr(pos);
}

std::vector<PreferenceWrite> preferences(const json& j, int line) {
  if (!j.is_object()) throw TraceError(line, "\"pref\" must be an object {\"domain\": {\"setting\": \"value\"}}");
  std::vector<PreferenceWrite> out;
  for (const auto& [domain, settings] : j.items()) {
    if (!settings.is_object()) throw TraceError(line, "\"pref\" domain '" + domain + "' must map settings to strings");
    for (const auto& [setting, value] : settings.items()) {
      if (!value.is_string())
        throw TraceError(line, "preference " + domain + "/" + setting + " must be a string (preferences are strings)");
      out.push_back({domain, setting, value.get<std::string>()});
    }
  }
  return out;
}

}  // namespace

std::optional<Step> parseStep(const std::string& line, int n, core::Time previous) {
  if (isBlank(line)) return std::nullopt;
  json j;
  try {
    j = core::parseJson(line);
  } catch (const json::parse_error& e) {
    std::string what = e.what();
    throw TraceError(n, "not valid JSON (" + jsonErrorWithoutItsLine(e.what()) + ")");
  } catch (const std::invalid_argument& e) {
    throw TraceError(n, e.what());
  }
  if (!j.is_object()) throw TraceError(n, "a step must be a JSON object like {\"t\": 1.5, \"set\": {...}}");
  if (!j.contains("t") || !j["t"].is_number()) throw TraceError(n, "a step needs a number \"t\" (seconds)");
  double seconds = j["t"].get<double>();
  if (!(seconds >= 0)) throw TraceError(n, "\"t\" must be a number of seconds >= 0");
  if (seconds > core::kLatestInputSeconds)
    throw TraceError(n, "\"t\" is beyond the engine's time range (at most 9e9 s, about 285 years)");
  Step step;
  step.time = core::fromSeconds(seconds);
  if (step.time < previous)
    throw TraceError(n, "time goes backwards (t=" + j["t"].dump() + " after t=" +
                            core::formatSeconds(previous) + ")");
  bool hasAction = false;
  for (const auto& [field, value] : j.items()) {
    if (field == "t") continue;
    hasAction = true;
    if (field == "set") step.set = keyValues(value, "set", n);
    else if (field == "raise") step.raise = keyValues(value, "raise", n);
    else if (field == "remove") step.remove = keyList(value, "remove", n);
    else if (field == "declare") step.declare = keyList(value, "declare", n);
    else if (field == "pref") step.preferences = preferences(value, n);
    else throw TraceError(n, "unknown field \"" + field + "\" (expected set, raise, remove, declare or pref)");
  }
  if (!hasAction) throw TraceError(n, "a step needs one of set, raise, remove, declare or pref");
  return step;
}

// ---- Reader ----------------------------------------------------------------

struct Reader::Impl {
  static constexpr std::size_t kBlock = 1 << 20;

  std::istream* in = nullptr;
  int fd = -1;
  // Unread bytes are [begin, end); the buffer always has SIMDJSON_PADDING
  // bytes past its data for simdjson to read.
  std::vector<char> buffer = std::vector<char>(kBlock + simdjson::SIMDJSON_PADDING);
  std::size_t begin = 0;
  std::size_t end = 0;
  bool atEof = false;
  int line = 0;
  core::Time last{0};
  detail::StepScanner scanner;
  simdjson::dom::parser parser;
  std::string slowLine;  // the line handed to parseStep

  std::size_t capacity() const { return buffer.size() - simdjson::SIMDJSON_PADDING; }

  // More bytes after `end`; false at the end of the input.
  bool fill() {
    if (begin > 0) {  // keep the partial line, at the front
      std::memmove(buffer.data(), buffer.data() + begin, end - begin);
      end -= begin;
      begin = 0;
    }
    if (end == capacity()) buffer.resize(2 * capacity() + simdjson::SIMDJSON_PADDING);  // a longer line
    char* to = buffer.data() + end;
    const std::size_t room = capacity() - end;
    if (in) {
      in->read(to, static_cast<std::streamsize>(room));
      end += static_cast<std::size_t>(in->gcount());
      return in->gcount() > 0;
    }
    for (;;) {
      const ssize_t got = ::read(fd, to, room);
      if (got < 0 && errno == EINTR) continue;
      if (got <= 0) return false;  // a read error ends the trace as its end would
      end += static_cast<std::size_t>(got);
      return true;
    }
  }

  // The next line, without its newline (getline's lines: a last line
  // without a newline counts, an empty tail does not).
  bool nextLine(const char*& data, std::size_t& size) {
    for (;;) {
      const char* from = buffer.data() + begin;
      if (const void* nl = std::memchr(from, '\n', end - begin)) {
        data = from;
        size = static_cast<std::size_t>(static_cast<const char*>(nl) - from);
        begin += size + 1;
        return true;
      }
      if (!atEof && fill()) continue;
      atEof = true;
      if (begin == end) return false;
      data = buffer.data() + begin;
      size = end - begin;
      begin = end;
      return true;
    }
  }

  bool next(Step& step) {
    const char* data = nullptr;
    std::size_t size = 0;
    while (nextLine(data, size)) {
      ++line;
      if (scanner.scan(data, size, last, step) || detail::parseStepFast(parser, data, size, last, step)) {
        last = step.time;
        return true;
      }
      slowLine.assign(data, size);
      if (auto parsed = parseStep(slowLine, line, last)) {
        step = std::move(*parsed);
        last = step.time;
        return true;
      }
    }
    return false;
  }
};

Reader::Reader(std::istream& in) : impl_(std::make_unique<Impl>()) { impl_->in = &in; }
Reader::Reader(int fd) : impl_(std::make_unique<Impl>()) { impl_->fd = fd; }
Reader::~Reader() = default;

std::optional<Step> Reader::next() {
  Step step;
  if (!impl_->next(step)) return std::nullopt;
  return step;
}

bool Reader::next(Step& step) { return impl_->next(step); }

int Reader::lineNumber() const { return impl_->line; }

void apply(const Step& step, memory::Memory& memory, core::InMemoryPreferences* preferences) {
  Step copy = step;
  std::vector<memory::Write> writes;
  apply(copy, memory, preferences, writes);
}

void apply(Step& step, memory::Memory& memory, core::InMemoryPreferences* preferences,
           std::vector<memory::Write>& writes) {
  if (preferences)
    for (const auto& p : step.preferences) preferences->set(p.domain, p.setting, p.value);
  // The writes of the line before are reused in place (a trace's lines have
  // the same shape): no Write destroyed and built again per line.
  std::size_t n = 0;
  auto put = [&](memory::Write::Kind kind, std::string_view key, core::Value&& value) {
    if (n == writes.size()) {
      writes.push_back({kind, key, std::move(value)});
    } else {
      memory::Write& w = writes[n];
      w.kind = kind;
      w.key = key;
      w.value = std::move(value);
    }
    ++n;
  };
  using Kind = memory::Write::Kind;
  for (const auto& k : step.declare) put(Kind::Declare, k, {});
  for (auto& [k, v] : step.set) put(Kind::Set, k, std::move(v));
  for (const auto& k : step.remove) put(Kind::Remove, k, {});
  for (auto& [k, v] : step.raise) put(Kind::Raise, k, std::move(v));
  writes.resize(n);
  if (n > 0) memory.apply(writes);
}

}  // namespace autolife::trace
