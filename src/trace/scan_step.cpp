#include "scan_step.hpp"

#include <charconv>
#include <cstring>
#include <cstdint>
#include <string_view>

#include "fast_step.hpp"

namespace autolife::trace::detail {

// Small helpers of the per-line loop: -O2 would leave some as calls.
#define AUTOLIFE_HOT [[gnu::always_inline]] inline

namespace {

AUTOLIFE_HOT bool isDigit(char c) { return static_cast<unsigned char>(c - '0') < 10; }

AUTOLIFE_HOT bool sameBytes(const std::string& a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < b.size(); ++i)
    if (a[i] != b[i]) return false;
  return true;
}

// Powers of ten that a double holds exactly.
constexpr double kExactPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// Powers of ten up to 10^15, as integers.
constexpr std::uint64_t kPowersOfTen[] = {1ull,           10ull,           100ull,           1000ull,
                                          10000ull,       100000ull,       1000000ull,       10000000ull,
                                          100000000ull,   1000000000ull,   10000000000ull,   100000000000ull,
                                          1000000000000ull, 10000000000000ull, 100000000000000ull, 1000000000000000ull};

// A JSON number, read in one pass.
struct Number {
  bool integer = true;
  std::int64_t value = 0;  // the integer
  double real = 0;
  // Its exact decimal digits, when it has at most 18 (an integer) or 15 (a
  // decimal without an exponent): the value is ±digits / 10^decimals.
  bool exact = false;
  bool negative = false;
  std::uint64_t digits = 0;
  int decimals = 0;
};

// A cursor over one line; every read is bounds-checked (the line's end is
// not a terminator).
struct Cursor {
  const char* p;
  const char* end;

  AUTOLIFE_HOT void skipSpace() {
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) ++p;
  }
  AUTOLIFE_HOT bool eat(char c) {
    if (p == end || *p != c) return false;
    ++p;
    return true;
  }
  bool eatWord(std::string_view word) {
    if (static_cast<std::size_t>(end - p) < word.size()) return false;
    for (char c : word)
      if (*p++ != c) return false;
    return true;
  }

  // "...": printable ASCII without a backslash. JSON allows more (escapes,
  // UTF-8); those lines go to the parsers that check them.
  AUTOLIFE_HOT bool plainString(std::string_view& out) {
    if (!eat('"')) return false;
    const char* from = p;
    for (; p < end; ++p) {
      const auto c = static_cast<unsigned char>(*p);
      if (c == '"') {
        out = std::string_view(from, static_cast<std::size_t>(p - from));
        ++p;
        return true;
      }
      if (c < 0x20 || c > 0x7e || c == '\\') return false;
    }
    return false;
  }

  // A JSON number (RFC 8259's grammar exactly: no '+', no leading zero,
  // digits on both sides of '.'). What follows it is the caller's to check.
  // Integers of up to 18 digits, and decimals of up to 15 significant
  // digits without an exponent, are converted here (the decimal by one
  // division of two exact doubles: correctly rounded, as nlohmann's strtod
  // is); any other number goes to from_chars, which rounds correctly too.
  // False also for what is beyond a double or int64: the parsers say what.
  AUTOLIFE_HOT bool number(Number& out) {
    const char* from = p;
    const bool negative = eat('-');
    std::uint64_t digits = 0;
    const char* intFrom = p;
    if (p < end && *p == '0') {
      ++p;
    } else {
      while (p < end && isDigit(*p)) digits = digits * 10 + static_cast<unsigned>(*p++ - '0');
      if (p == intFrom) return false;
    }
    const auto intDigits = p - intFrom;
    out.negative = negative;
    out.digits = digits;
    out.decimals = 0;
    if (p == end || (*p != '.' && *p != 'e' && *p != 'E')) {
      if (intDigits > 18) return false;
      out.exact = true;
      out.integer = true;
      out.value = negative ? -static_cast<std::int64_t>(digits) : static_cast<std::int64_t>(digits);
      return true;
    }
    out.integer = false;
    if (*p == '.') {
      ++p;
      const char* fracFrom = p;
      while (p < end && isDigit(*p)) digits = digits * 10 + static_cast<unsigned>(*p++ - '0');
      const auto fracDigits = p - fracFrom;
      if (fracDigits == 0) return false;
      if (p == end || (*p != 'e' && *p != 'E')) {
        if (intDigits + fracDigits <= 15) {  // digits < 10^15 < 2^53: exact
          out.exact = true;
          out.digits = digits;
          out.decimals = static_cast<int>(fracDigits);
          const double magnitude = static_cast<double>(digits) / kExactPowersOfTen[fracDigits];
          out.real = negative ? -magnitude : magnitude;
          return true;
        }
        return fromChars(from, out);
      }
    }
    ++p;  // 'e' or 'E'
    if (!eat('+')) eat('-');
    const char* expFrom = p;
    while (p < end && isDigit(*p)) ++p;
    if (p == expFrom) return false;
    return fromChars(from, out);
  }

  bool fromChars(const char* from, Number& out) const {
    const auto [stop, error] = std::from_chars(from, p, out.real);
    return error == std::errc() && stop == p;
  }
};

// "t" as engine time, as parseStep has it: fromSeconds of the double
// (nlohmann's get<double>() of an integer is the integer as a double). Under
// 10^6 s with at most 9 decimals, that is exactly digits x 10^(9 - decimals)
// ns: the double's error and the product's rounding stay under 0.25 ns
// there, so fromSeconds rounds to the exact count; the division and the
// conversions are skipped (decision 850). False for a negative or too large
// time: the parsers say what is wrong.
AUTOLIFE_HOT bool stepTime(Cursor& c, core::Time& out) {
  Number n;
  if (!c.number(n)) return false;
  if (n.exact && n.decimals <= 9 && n.digits < kPowersOfTen[6 + n.decimals]) {
    if (n.negative && n.digits != 0) return false;
    out = core::Time(static_cast<std::int64_t>(n.digits * kPowersOfTen[9 - n.decimals]));
    return true;
  }
  const double seconds = n.integer ? static_cast<double>(n.value) : n.real;
  if (!(seconds >= 0) || seconds > core::kLatestInputSeconds) return false;
  out = core::fromSeconds(seconds);
  return true;
}

AUTOLIFE_HOT bool value(Cursor& c, core::Value& out) {
  if (c.p == c.end) return false;
  switch (*c.p) {
    case '"': {
      std::string_view s;
      if (!c.plainString(s)) return false;
      out = core::Value(s);
      return true;
    }
    case 't': out = true; return c.eatWord("true");
    case 'f': out = false; return c.eatWord("false");
    case 'n': out = core::Value(); return c.eatWord("null");
    default: break;
  }
  Number n;
  if (!c.number(n)) return false;
  if (n.integer) out = n.value;
  else out = n.real;
  return true;
}

// Cuts a line into the text between its values (the shape's literals) while
// the general scan reads it.
struct Recorder {
  StepScanner::Shape* shape;
  const char* mark;  // end of the last value (or the line's start)

  AUTOLIFE_HOT void value(const char* at, StepScanner::Target target, std::uint32_t index) {
    if (!shape) return;
    if (shape->count == shape->slots.size()) shape->slots.emplace_back();
    auto& slot = shape->slots[shape->count++];
    slot.literal.assign(mark, at);
    slot.target = target;
    slot.index = index;
  }
};

// {"key": value, ...} into `out`, reusing its strings (a trace repeats its
// keys).
AUTOLIFE_HOT bool keyValues(Cursor& c, KeyValues& out, Recorder& r, StepScanner::Target target) {
  if (!c.eat('{')) return false;
  c.skipSpace();
  std::size_t n = 0;
  bool ascending = true;
  if (!c.eat('}')) {
    for (;;) {
      std::string_view key;
      if (!c.plainString(key) || key.empty()) return false;
      if (n > 0 && !(std::string_view(out[n - 1].first) < key)) ascending = false;
      if (n == out.size()) out.emplace_back();
      if (!sameBytes(out[n].first, key)) out[n].first.assign(key);
      c.skipSpace();
      if (!c.eat(':')) return false;
      c.skipSpace();
      r.value(c.p, target, static_cast<std::uint32_t>(n));
      if (!value(c, out[n].second)) return false;
      r.mark = c.p;
      ++n;
      c.skipSpace();
      if (c.eat('}')) break;
      if (!c.eat(',')) return false;
      c.skipSpace();
    }
  }
  out.resize(n);
  if (ascending) return true;
  r.shape = nullptr;  // sorted: the slots' indices no longer say where values go
  return sortWithoutRepeats(out);
}

template <typename Word>
AUTOLIFE_HOT bool sameWord(const char* a, const char* b) {
  Word x, y;
  std::memcpy(&x, a, sizeof x);
  std::memcpy(&y, b, sizeof y);
  return x == y;
}

// `literal` is at `p` (which has `end - p` bytes): a shape's literals are
// short, so two overlapping words compare most of them.
AUTOLIFE_HOT bool literalAt(const char*& p, const char* end, const std::string& literal) {
  const std::size_t n = literal.size();
  if (static_cast<std::size_t>(end - p) < n) return false;
  const char* q = literal.data();
  bool same;
  if (n >= 8 && n <= 16) same = sameWord<std::uint64_t>(p, q) && sameWord<std::uint64_t>(p + n - 8, q + n - 8);
  else if (n >= 4 && n < 8) same = sameWord<std::uint32_t>(p, q) && sameWord<std::uint32_t>(p + n - 4, q + n - 4);
  else if (n < 4) same = n == 0 || (p[0] == q[0] && p[n / 2] == q[n / 2] && p[n - 1] == q[n - 1]);
  else same = std::memcmp(p, q, n) == 0;
  p += n;
  return same;
}

AUTOLIFE_HOT void syncKeys(KeyValues& out, const std::vector<std::string>& keys) {
  if (out.size() != keys.size()) out.resize(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (!sameBytes(out[i].first, keys[i])) out[i].first.assign(keys[i]);
}

AUTOLIFE_HOT bool finishStep(core::Time time, core::Time previous, Step& step) {
  if (time < previous) return false;
  step.time = time;
  step.declare.clear();
  step.remove.clear();
  step.preferences.clear();
  return true;
}

}  // namespace

bool StepScanner::scan(const char* line, std::size_t size, core::Time previous, Step& step) {
  if (shape_.count > 0 && scanLikeLast(line, size, previous, step)) return true;
  if (scanAny(line, size, previous, step)) return true;
  shape_.count = 0;  // (perhaps half recorded)
  return false;
}

// The line is the last one's literals with other values in its slots: the
// same fields, keys and spacing, so nothing but the values needs reading.
bool StepScanner::scanLikeLast(const char* line, std::size_t size, core::Time previous, Step& step) {
  const char* p = line;
  const char* end = line + size;
  syncKeys(step.set, shape_.setKeys);
  syncKeys(step.raise, shape_.raiseKeys);
  core::Time time{0};
  for (std::size_t i = 0; i < shape_.count; ++i) {
    const Slot& slot = shape_.slots[i];
    if (!literalAt(p, end, slot.literal)) return false;
    Cursor c{p, end};
    bool ok = false;
    switch (slot.target) {
      case Target::Time: ok = stepTime(c, time); break;
      case Target::Set: ok = value(c, step.set[slot.index].second); break;
      case Target::Raise: ok = value(c, step.raise[slot.index].second); break;
    }
    if (!ok) return false;
    p = c.p;
  }
  return static_cast<std::size_t>(end - p) == shape_.tail.size() && literalAt(p, end, shape_.tail) &&
         finishStep(time, previous, step);
}

bool StepScanner::scanAny(const char* line, std::size_t size, core::Time previous, Step& step) {
  shape_.count = 0;
  Recorder r{&shape_, line};
  Cursor c{line, line + size};
  c.skipSpace();
  if (!c.eat('{')) return false;
  enum : unsigned { T = 1, Set = 2, Raise = 4 };
  unsigned seen = 0;
  core::Time time{0};
  for (;;) {
    c.skipSpace();
    std::string_view field;
    if (!c.plainString(field)) return false;
    c.skipSpace();
    if (!c.eat(':')) return false;
    c.skipSpace();
    unsigned bit = 0;
    bool ok = false;
    if (field.size() == 1 && field[0] == 't') {
      bit = T;
      r.value(c.p, Target::Time, 0);
      ok = stepTime(c, time);
      r.mark = c.p;
    } else if (field.size() == 3 && field[0] == 's' && field[1] == 'e' && field[2] == 't') {
      bit = Set;
      ok = keyValues(c, step.set, r, Target::Set);
    } else if (field == "raise") {
      bit = Raise;
      ok = keyValues(c, step.raise, r, Target::Raise);
    }
    if (!ok || (seen & bit)) return false;  // another field, a bad shape, a repeated field
    seen |= bit;
    c.skipSpace();
    if (c.eat('}')) break;
    if (!c.eat(',')) return false;
  }
  c.skipSpace();
  if (c.p != c.end || !(seen & T) || seen == T) return false;
  if (!(seen & Set)) step.set.clear();
  if (!(seen & Raise)) step.raise.clear();
  if (!finishStep(time, previous, step)) return false;
  keepShape(r.shape != nullptr, r.mark, c.end, step);
  return true;
}

// The line just read becomes the shape the next lines are tried against
// (not when its keys had to be sorted; the general scan then reads each).
void StepScanner::keepShape(bool recorded, const char* tail, const char* end, const Step& step) {
  if (!recorded) {
    shape_.count = 0;
    return;
  }
  shape_.tail.assign(tail, end);
  auto keysOf = [](const KeyValues& kv, std::vector<std::string>& keys) {
    keys.resize(kv.size());
    for (std::size_t i = 0; i < kv.size(); ++i)
      if (!sameBytes(keys[i], kv[i].first)) keys[i] = kv[i].first;
  };
  keysOf(step.set, shape_.setKeys);
  keysOf(step.raise, shape_.raiseKeys);
}

}  // namespace autolife::trace::detail
