#include "autolife/engine/memory_service.hpp"

#include "autolife/core/value_json.hpp"

namespace autolife::engine {

using service::Any;
using service::Arguments;
using service::Type;

core::Value toValue(const Any& json) {
  try {
    return core::valueFromJson(json);
  } catch (const std::invalid_argument& e) {
    throw service::CallError("bad-argument", std::string("not a memory value: ") + e.what());
  }
}

namespace {

Any stamped(const core::Value& v, core::Time t) {
  const auto ns = t.count();
  return Any::array({core::valueToJson(v), ns / 1000000000, (ns % 1000000000) / 1000});
}

// ALMemory's own errors become refusals with their reason: an unknown key,
// or a bad argument (an empty key name).
template <class F>
Any guarded(F&& f) {
  try {
    return f();
  } catch (const memory::MemoryError& e) {
    const bool bad = e.reason() == memory::MemoryError::Reason::BadArgument;
    throw service::CallError(bad ? "bad-argument" : "unknown-key", e.what());
  }
}

// removeData and NAOqi's removeEvent / removeMicroEvent: the key goes,
// whatever its kind (an unknown key: nothing to do).
Any removeKey(memory::Memory& m, const Arguments& a) {
  return guarded([&] { m.removeData(service::stringArg(a, 0)); return Any(); });
}

std::vector<std::string> stringList(const Any& list) {
  std::vector<std::string> out;
  for (const auto& k : list) {
    if (!k.is_string()) throw service::CallError("bad-argument", "key names must be strings, got " + k.dump());
    out.push_back(k.get<std::string>());
  }
  return out;
}

void declareData(service::Service& s, memory::Memory& m) {
  s.method("insertData", {{"key", Type::String}, {"value", Type::Any}}, Type::Void, "Stores a value",
           [&m](const Arguments& a) { return guarded([&] { m.insertData(service::stringArg(a, 0), toValue(a[1])); return Any(); }); });
  s.method("insertListData", {{"list", Type::List, "[[key, value], ...]"}}, Type::Void, "Stores several values at once",
           [&m](const Arguments& a) {
             std::vector<std::pair<std::string, core::Value>> pairs;
             for (const auto& p : a[0]) {
               if (!p.is_array() || p.size() != 2 || !p[0].is_string())
                 throw service::CallError("bad-argument", "insertListData takes [[key, value], ...], got " + p.dump());
               pairs.emplace_back(p[0].get<std::string>(), toValue(p[1]));
             }
             return guarded([&] { m.insertListData(pairs); return Any(); });
           });
  s.method("getData", {{"key", Type::String}}, Type::Any, "A key's value (an error for an unknown key)",
           [&m](const Arguments& a) { return guarded([&] { return core::valueToJson(m.getData(service::stringArg(a, 0))); }); });
  s.method("getListData", {{"keys", Type::List}}, Type::List, "Several keys' values",
           [&m](const Arguments& a) {
             return guarded([&] {
               Any out = Any::array();
               for (const auto& v : m.getListData(stringList(a[0]))) out.push_back(core::valueToJson(v));
               return out;
             });
           });
  s.method("getDataList", {{"filter", Type::String}}, Type::List, "Keys containing a substring",
           [&m](const Arguments& a) { return Any(m.getDataList(service::stringArg(a, 0))); });
  s.method("getDataListName", {}, Type::List, "All keys", [&m](const Arguments&) { return Any(m.getDataListName()); });
  s.method("removeData", {{"key", Type::String}}, Type::Void, "Removes a key",
           [&m](const Arguments& a) { return removeKey(m, a); });
  s.method("getType", {{"key", Type::String}}, Type::String, "Data, Event or MicroEvent",
           [&m](const Arguments& a) { return guarded([&] { return Any(m.getType(service::stringArg(a, 0))); }); });
  s.method("getTimestamp", {{"key", Type::String}}, Type::List, "[value, sec, usec] of the last write",
           [&m](const Arguments& a) {
             return guarded([&] {
               auto st = m.getTimestamp(service::stringArg(a, 0));
               return stamped(st.value, st.time);
             });
           });
  s.method("getEventHistory", {{"key", Type::String}}, Type::List, "[[value, sec, usec], ...] oldest first",
           [&m](const Arguments& a) {
             return guarded([&] {
               Any out = Any::array();
               for (const auto& st : m.getEventHistory(service::stringArg(a, 0))) out.push_back(stamped(st.value, st.time));
               return out;
             });
           });
}

void declareEvents(service::Service& s, memory::Memory& m) {
  auto declare = [&m](const Arguments& a) { return guarded([&] { m.declareEvent(service::stringArg(a, 0)); return Any(); }); };
  s.method("declareEvent", {{"name", Type::String}}, Type::Void, "Declares an event (reads Invalid until raised)", declare);
  // NAOqi's two-argument form names an extractor module to autostart on
  // subscription; autolife has none to start, so it only declares.
  s.method("declareEvent", {{"name", Type::String}, {"extractorName", Type::String}}, Type::Void,
           "Declares an event (the extractor name is ignored)", declare);
  s.method("removeEvent", {{"name", Type::String}}, Type::Void, "Removes an event (as removeData)",
           [&m](const Arguments& a) { return removeKey(m, a); });
  s.method("removeMicroEvent", {{"name", Type::String}}, Type::Void, "Removes a micro event (as removeData)",
           [&m](const Arguments& a) { return removeKey(m, a); });
  s.method("raiseEvent", {{"name", Type::String}, {"value", Type::Any}}, Type::Void,
           "Stores the value and notifies the event's subscribers",
           [&m](const Arguments& a) { return guarded([&] { m.raiseEvent(service::stringArg(a, 0), toValue(a[1])); return Any(); }); });
  s.method("raiseMicroEvent", {{"name", Type::String}, {"value", Type::Any}}, Type::Void, "Raises a micro event",
           [&m](const Arguments& a) {
             return guarded([&] { m.raiseMicroEvent(service::stringArg(a, 0), toValue(a[1])); return Any(); });
           });
  s.method("getEventList", {}, Type::List, "All events", [&m](const Arguments&) { return Any(m.getEventList()); });
  s.method("getMicroEventList", {}, Type::List, "All micro events",
           [&m](const Arguments&) { return Any(m.getMicroEventList()); });
  s.method("getSubscribers", {{"name", Type::String}}, Type::List, "Who subscribes to a key",
           [&m](const Arguments& a) { return Any(m.getSubscribers(service::stringArg(a, 0))); });
}

}  // namespace

std::shared_ptr<service::Service> makeMemoryService(memory::Memory& memory) {
  auto s = std::make_shared<service::Service>("ALMemory", "Keys, values and events");
  declareData(*s, memory);
  declareEvents(*s, memory);
  return s;
}

}  // namespace autolife::engine
