#include "autolife/engine/memory_service.hpp"

#include <nlohmann/json.hpp>

#include "autolife/core/value_json.hpp"
#include "autolife/naoqi/service_builder.hpp"

namespace autolife::engine {

using service::Any;

core::Value toValue(const Any& value) {
  try {
    return core::conditionValue(value);
  } catch (const std::invalid_argument& e) {
    throw service::CallError("bad-argument", std::string("not a memory value: ") + e.what());
  }
}

namespace {

Any stamped(const core::Value& v, core::Time t) {
  const auto ns = t.count();
  return Any::Array{v, ns / 1000000000, (ns % 1000000000) / 1000};
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

// A value's JSON text, for the sentences of a refusal (compact, as they
// always read); one holding an object, which JSON cannot carry, as Value
// writes it.
std::string jsonText(const Any& v) {
  try {
    return core::valueToJson(v).dump();
  } catch (const std::invalid_argument&) {
    return v.toJson();
  }
}

std::vector<std::string> stringList(const std::vector<Any>& list) {
  std::vector<std::string> out;
  for (const auto& k : list) {
    if (!(k.isString() || k.isBytes())) throw service::CallError("bad-argument", "key names must be strings, got " + jsonText(k));
    out.push_back(service::fromAny<std::string>(k));
  }
  return out;
}

void declareData(naoqi::ServiceBuilder& s, memory::Memory& m) {
  s.bind("insertData", [&m](const std::string& key, const Any& value) { guarded([&] { m.insertData(key, toValue(value)); return Any(); }); },
         "Stores a value");
  s.bind("insertListData", {"list"}, [&m](const std::vector<Any>& list) {
    std::vector<std::pair<std::string, core::Value>> pairs;
    for (const auto& p : list) {
      const Any::Array* pair = p.isArray() ? &p.asArray() : p.isTuple() ? &p.asTuple() : nullptr;
      if (!pair || pair->size() != 2 || !((*pair)[0].isString() || (*pair)[0].isBytes()))
        throw service::CallError("bad-argument", "insertListData takes [[key, value], ...], got " + jsonText(p));
      pairs.emplace_back(service::fromAny<std::string>((*pair)[0]), toValue((*pair)[1]));
    }
    guarded([&] { m.insertListData(pairs); return Any(); });
  }, "Stores several values at once: [[key, value], ...]");
  auto getData = [&m](const std::string& key) { return guarded([&] { return m.getData(key); }); };
  s.bind("getData", getData, "A key's value (an error for an unknown key)");
  s.bind("getData", [getData](const std::string& key, int) { return getData(key); },
         "A key's value (NAOqi's second parameter is deprecated and ignored)");
  // Over qi, subscriber(key) answers an object (src/qiserver); the Python
  // client makes one over `subscribe` (docs/api.md).
  s.bind("subscriber", [](const std::string&) -> Any {
    service::refuse("use-subscribe", "a subscriber object is made by the qi server or the Python client; over JSON-RPC, "
                                     "call subscribe with {\"event\": key}");
  }, "An object whose signal fires with the key's events (qi); JSON-RPC clients call subscribe instead");
  s.bind("getListData", {"keys"}, [&m](const std::vector<Any>& keys) {
    return guarded([&] {
      return Any(m.getListData(stringList(keys)));
    });
  }, "Several keys' values", service::Type::List);
  s.bind("getDataList", {"filter"}, [&m](const std::string& filter) { return m.getDataList(filter); }, "Keys containing a substring");
  s.bind("getDataListName", [&m] { return m.getDataListName(); }, "All keys");
  s.bind("removeData", [&m](const std::string& key) { guarded([&] { m.removeData(key); return Any(); }); }, "Removes a key");
  s.bind("getType", [&m](const std::string& key) { return guarded([&] { return Any(m.getType(key)); }); }, "Data, Event or MicroEvent");
  s.bind("getTimestamp", [&m](const std::string& key) {
    return guarded([&] {
      auto st = m.getTimestamp(key);
      return stamped(st.value, st.time);
    });
  }, "[value, sec, usec] of the last write", service::Type::List);
  s.bind("getEventHistory", [&m](const std::string& key) {
    return guarded([&] {
      Any::Array out;
      for (const auto& st : m.getEventHistory(key)) out.push_back(stamped(st.value, st.time));
      return Any(std::move(out));
    });
  }, "[[value, sec, usec], ...] oldest first", service::Type::List);
}

void declareEvents(naoqi::ServiceBuilder& s, memory::Memory& m) {
  auto declare = [&m](const std::string& name) { guarded([&] { m.declareEvent(name); return Any(); }); };
  s.bind("declareEvent", declare, "Declares an event (reads Invalid until raised)");
  // NAOqi's two-argument form names an extractor module to autostart on
  // subscription; autolife has none to start, so it only declares.
  s.bind("declareEvent", [declare](const std::string& name, const std::string&) { declare(name); },
         "Declares an event (the extractor name is ignored)");
  // removeEvent and removeMicroEvent remove the key, whatever its kind, as
  // removeData (an unknown key: nothing to do).
  for (const char* remove : {"removeEvent", "removeMicroEvent"})
    s.bind(remove, {"name"}, [&m](const std::string& name) { guarded([&] { m.removeData(name); return Any(); }); },
           "Removes an event (as removeData)");
  s.bind("raiseEvent", [&m](const std::string& name, const Any& value) { guarded([&] { m.raiseEvent(name, toValue(value)); return Any(); }); },
         "Stores the value and notifies the event's subscribers");
  s.bind("raiseMicroEvent", [&m](const std::string& name, const Any& value) {
    guarded([&] { m.raiseMicroEvent(name, toValue(value)); return Any(); });
  }, "Raises a micro event");
  s.bind("getEventList", [&m] { return m.getEventList(); }, "All events");
  s.bind("getMicroEventList", [&m] { return m.getMicroEventList(); }, "All micro events");
  s.bind("getSubscribers", {"name"}, [&m](const std::string& name) { return m.getSubscribers(name); }, "Who subscribes to a key");
}

}  // namespace

std::shared_ptr<service::Service> makeMemoryService(memory::Memory& memory) {
  naoqi::ServiceBuilder s("ALMemory", "Keys, values and events");
  declareData(s, memory);
  declareEvents(s, memory);
  return s.build();
}

}  // namespace autolife::engine
