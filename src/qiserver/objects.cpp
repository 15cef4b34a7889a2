#include "objects.hpp"

#include <atomic>
#include <random>

#include <nlohmann/json.hpp>

#include "autolife/core/clock.hpp"
#include "autolife/core/value_json.hpp"
#include "autolife/memory/memory.hpp"
#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/service/object.hpp"
#include "autolife/service/service.hpp"

namespace autolife::qiserver {

using service::CallError;
namespace qi = autolife::qi;

namespace {

// As libqi 4 describes them (reference/qi-wire: every metaObject starts so).
constexpr const char* kMethodStatistics =
    "{I(I(fff)<MinMaxSum,minValue,maxValue,cumulatedValue>(fff)<MinMaxSum,minValue,maxValue,cumulatedValue>"
    "(fff)<MinMaxSum,minValue,maxValue,cumulatedValue>)<MethodStatistics,count,wall,user,system>}";
constexpr const char* kEventTrace =
    "((IiIm(ll)<timeval,tv_sec,tv_usec>llII)<EventTrace,id,kind,slotId,arguments,timestamp,userUsTime,systemUsTime,"
    "callerContext,calleeContext>)";

void addMethod(qi::MetaObject& m, std::uint32_t uid, std::string name, std::string parameters, std::string result) {
  m.methods[uid] = qi::MetaMethod{uid, std::move(result), std::move(name), std::move(parameters), "", {}, ""};
}

std::string typeSignature(service::Type t) { return std::string(service::signature(t)); }

qi::MetaMethod methodMeta(std::uint32_t uid, const service::Method& method) {
  qi::MetaMethod m{uid, typeSignature(method.result), method.name, parametersSignature(method.parameters),
                   method.description, {}, ""};
  for (const auto& p : method.parameters) m.parameters.push_back({p.name, p.description});
  return m;
}

qi::MetaMethod subscriberMeta(std::uint32_t uid) {
  return qi::MetaMethod{uid, "o", "subscriber", "(s)", "An object whose signal fires with the key's events", {{"name", "the key"}}, ""};
}

[[noreturn]] void noSuch(const char* what, std::uint32_t uid, const std::string& where) {
  throw CallError(std::string("no-such-") + what, "there is no " + std::string(what) + " with uid " + std::to_string(uid) + " in " + where);
}

// The arguments tuple as the engine's values, one per parameter.
service::Arguments serviceArguments(const qi::Value& arguments, const std::string& signature) {
  const qi::Signature s = qi::Signature::parse(signature);
  service::Arguments out;
  const auto& members = arguments.asTuple().members;
  for (std::size_t i = 0; i < members.size() && i < s.children().size(); ++i)
    out.push_back(qi::toValue(members[i], s.child(i)));
  return out;
}

// A service's result or property as the qi value of `signature`.
qi::Value qiValue(const service::Any& value, const qi::Signature& signature) { return qi::fromValue(value, signature); }

// A result that does not fit its signature, quoted whole in the refusal as
// it has always been (compact JSON; core's text for what JSON cannot carry).
std::string resultText(const service::Any& value) {
  try {
    return core::valueToJson(value).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (const std::invalid_argument&) {
    return value.toJson();
  }
}

// One value as a signal's tuple: a one-parameter signal takes it as it is;
// several parameters take an array (or tuple) of as many values.
qi::Value signalTuple(core::Value value, const qi::Signature& signature) {
  if (signature.children().size() == 1) return qi::Value::tuple({qi::fromValue(value, signature.child(0))});
  if (!value.isArray() && !value.isTuple()) value = core::Value::Array{std::move(value)};
  return qi::fromValue(value, signature);
}

}  // namespace

void ServedObject::callAsync(std::uint32_t uid, const qi::Value& arguments, CallContext& context,
                             std::function<void(Outcome)> reply) {
  qi::Value result;
  try {
    result = call(uid, arguments, context);
  } catch (const std::exception& e) {
    return reply(std::string(e.what()));
  }
  reply(std::move(result));
}

void ServedObject::post(std::uint32_t uid, const qi::Value&) {
  throw CallError("not-postable", "uid " + std::to_string(uid) + " cannot be posted to");
}

core::Value ServedObject::property(std::uint32_t uid) { noSuch("property", uid, "this object"); }

void ServedObject::setProperty(std::uint32_t uid, const core::Value&) { noSuch("property", uid, "this object"); }

qi::MetaObject withBoundMembers(qi::MetaObject m) {
  addMethod(m, 0, "registerEvent", "(IIL)", "L");
  addMethod(m, 1, "unregisterEvent", "(IIL)", "v");
  addMethod(m, 2, "metaObject", "(I)", qi::metaObjectSignature().toString());
  addMethod(m, 3, "terminate", "(I)", "v");
  addMethod(m, 5, "property", "(m)", "m");
  addMethod(m, 6, "setProperty", "(mm)", "v");
  addMethod(m, 7, "properties", "()", "[s]");
  addMethod(m, 8, "registerEventWithSignature", "(IILs)", "L");
  addMethod(m, 80, "isStatsEnabled", "()", "b");
  addMethod(m, 81, "enableStats", "(b)", "v");
  addMethod(m, 82, "stats", "()", kMethodStatistics);
  addMethod(m, 83, "clearStats", "()", "v");
  addMethod(m, 84, "isTraceEnabled", "()", "b");
  addMethod(m, 85, "enableTrace", "(b)", "v");
  m.signals[86] = qi::MetaSignal{86, "traceObject", kEventTrace};
  return m;
}

std::string parametersSignature(const std::vector<service::Parameter>& parameters) {
  std::string s = "(";
  for (const auto& p : parameters) s += typeSignature(p.type);
  return s + ")";
}

std::array<std::uint8_t, 20> newObjectUid() {
  // A random process prefix and a counter: distinct objects, distinct uids.
  static const std::uint64_t process = std::random_device{}() * 0x9E3779B97F4A7C15ull ^ std::random_device{}();
  static std::atomic<std::uint64_t> counter{0};
  const std::uint64_t n = ++counter;
  std::array<std::uint8_t, 20> uid{};
  for (int i = 0; i < 8; ++i) uid[i] = static_cast<std::uint8_t>(process >> (8 * i));
  for (int i = 0; i < 8; ++i) uid[8 + i] = static_cast<std::uint8_t>(n >> (8 * i));
  return uid;
}

// ---- ServiceObject ----------------------------------------------------------

ServiceObject::ServiceObject(engine::ServiceAccess engine, std::shared_ptr<service::Service> service, std::uint32_t serviceId,
                             Origin origin)
    : engine_(engine), service_(std::move(service)), serviceId_(serviceId), origin_(origin) {
  qi::MetaObject own;
  own.description = service_->description();
  std::uint32_t uid = qi::action::FirstUser;
  // ALMemory.subscriber(key) answers an object made here: its own uid, or
  // the service's declaration of it.
  const bool memory = service_->name() == "ALMemory";
  auto isProperty = [&](const std::string& name) {
    for (const auto& p : service_->properties())
      if (p.name == name) return true;
    return false;
  };
  for (const auto& method : service_->methods()) {
    if (memory && method.name == "subscriber" && method.parameters.size() == 1) subscriberUid_ = uid;
    // A getter kept as a method for ALProxy and the network API (ALMood's
    // attention): over qi, as on NAOqi 2, the name is the property's.
    if (!isProperty(method.name) || subscriberUid_ == uid)
      own.methods[uid] = subscriberUid_ == uid ? subscriberMeta(uid) : methodMeta(uid, method);
    ++uid;
  }
  if (memory && subscriberUid_ == 0) {
    subscriberUid_ = uid;
    own.methods[uid] = subscriberMeta(uid);
    ++uid;
  }
  firstSignal_ = uid;
  for (const auto& signal : service_->signals()) {
    own.signals[uid] = qi::MetaSignal{uid, signal.name, parametersSignature(signal.parameters)};
    ++uid;
  }
  firstProperty_ = uid;
  for (const auto& property : service_->properties()) {
    own.properties[uid] = qi::MetaProperty{uid, property.name, typeSignature(property.type)};
    ++uid;
  }
  meta_ = withBoundMembers(std::move(own));
}

qi::Value ServiceObject::call(std::uint32_t uid, const qi::Value& arguments, CallContext& context) {
  if (subscriberUid_ != 0 && uid == subscriberUid_) return subscriber(arguments, context);
  const std::size_t index = uid - qi::action::FirstUser;
  if (uid < qi::action::FirstUser || index >= service_->methods().size()) noSuch("method", uid, service_->name());
  const service::Method& method = service_->methods()[index];
  const auto found = meta_.methods.find(uid);
  if (found == meta_.methods.end()) noSuch("method", uid, service_->name());
  const qi::MetaMethod& meta = found->second;
  const auto args = serviceArguments(arguments, meta.parametersSignature);
  const auto result = origin_ == Origin::Registry ? engine_.services.call(service_->name(), method.name, args)
                                                  : service_->call(method.name, args);
  // An object the method hands out (ALExpressionWatcher.add's) is served
  // for as long as the client keeps it.
  if (auto object = service::objectOf(result)) return handOut(std::move(object), context);
  try {
    return qiValue(result, qi::Signature::parse(meta.returnSignature));
  } catch (const qi::EncodeError& e) {
    throw CallError("bad-result", service_->name() + "." + method.name + " returned " + resultText(result) + ": " + e.what());
  }
}

// Through the registry without waiting: a method that answers later (a
// robot's) replies when it does, from the thread it answers on.
void ServiceObject::callAsync(std::uint32_t uid, const qi::Value& arguments, CallContext& context,
                              std::function<void(Outcome)> reply) {
  if (subscriberUid_ != 0 && uid == subscriberUid_) return ServedObject::callAsync(uid, arguments, context, std::move(reply));
  // An object's own methods, and those that hand out objects, answer at once (call()).
  const auto found = meta_.methods.find(uid);
  if (origin_ == Origin::Handed || (found != meta_.methods.end() && found->second.returnSignature == "o"))
    return ServedObject::callAsync(uid, arguments, context, std::move(reply));
  const std::size_t index = uid - qi::action::FirstUser;
  if (uid < qi::action::FirstUser || index >= service_->methods().size() || found == meta_.methods.end()) {
    try {
      noSuch("method", uid, service_->name());
    } catch (const std::exception& e) {
      return reply(std::string(e.what()));
    }
  }
  const service::Method& method = service_->methods()[index];
  const qi::MetaMethod& meta = meta_.methods.at(uid);
  service::Arguments args;
  try {
    args = serviceArguments(arguments, meta.parametersSignature);
  } catch (const std::exception& e) {
    return reply(std::string(e.what()));
  }
  engine_.services.callAsync(service_->name(), method.name, args,
                             [reply, service = service_->name(), name = method.name, returns = meta.returnSignature](service::Outcome outcome) {
                               if (const auto* error = std::get_if<CallError>(&outcome)) return reply(std::string(error->what()));
                               const auto& result = std::get<service::Any>(outcome);
                               try {
                                 reply(qiValue(result, qi::Signature::parse(returns)));
                               } catch (const qi::EncodeError& e) {
                                 reply(service + "." + name + " returned " +
                                       resultText(result) + ": " + e.what());
                               }
                             });
}

qi::Value ServiceObject::handOut(std::shared_ptr<service::Service> object, CallContext& context) {
  auto served = std::make_shared<ServiceObject>(engine_, std::move(object), serviceId_, Origin::Handed);
  qi::Value::Object ref;
  ref.metaObject = std::make_shared<const qi::Value>(served->metaObject().toValue());
  ref.service = serviceId_;
  ref.object = context.addObject(serviceId_, served);
  ref.uid = newObjectUid();
  return qi::Value(std::move(ref));
}

qi::Value ServiceObject::subscriber(const qi::Value& arguments, CallContext& context) {
  const auto& key = arguments.member(0).asString();
  std::shared_ptr<memory::Subscriber> sub;
  try {
    sub = engine_.memory.subscriber(key);
  } catch (const std::exception& e) {
    throw CallError("bad-argument", e.what());
  }
  auto object = std::make_shared<SubscriberObject>(std::move(sub));
  qi::Value::Object ref;
  ref.metaObject = std::make_shared<const qi::Value>(object->metaObject().toValue());
  ref.service = serviceId_;
  ref.object = context.addObject(serviceId_, object);
  ref.uid = newObjectUid();
  return qi::Value(std::move(ref));
}

const service::SignalInfo& ServiceObject::signalInfo(std::uint32_t uid) const {
  const std::size_t index = uid - firstSignal_;
  if (uid < firstSignal_ || index >= service_->signals().size()) noSuch("signal", uid, service_->name());
  return service_->signals()[index];
}

const service::Property& ServiceObject::propertyInfo(std::uint32_t uid) const {
  const std::size_t index = uid - firstProperty_;
  if (uid < firstProperty_ || index >= service_->properties().size()) noSuch("property", uid, service_->name());
  return service_->properties()[index];
}

std::function<void()> ServiceObject::connect(std::uint32_t uid, Deliver deliver) {
  const std::string name = signalInfo(uid).name;
  const qi::Signature signature = qi::Signature::parse(meta_.signals.at(uid).signature);
  auto service = service_;
  const auto link = service->emitted.connect([name, signature, deliver](const std::string& emitted, const service::Any& v) {
    if (emitted != name) return;
    try {
      deliver(signalTuple(v, signature));
    } catch (const qi::EncodeError&) {
      // a value that does not fit the declared signature is not sent
    }
  });
  return [service, link] { service->emitted.disconnect(link); };
}

void ServiceObject::post(std::uint32_t uid, const qi::Value& values) {
  const auto& info = signalInfo(uid);
  const auto arguments = serviceArguments(values, meta_.signals.at(uid).signature);
  service_->emit(info.name, arguments.size() == 1 ? arguments[0] : core::Value(arguments));
}

core::Value ServiceObject::property(std::uint32_t uid) {
  return service_->getProperty(propertyInfo(uid).name);
}

void ServiceObject::setProperty(std::uint32_t uid, const core::Value& value) {
  service_->setProperty(propertyInfo(uid).name, value);
}

// ---- SubscriberObject -------------------------------------------------------

SubscriberObject::SubscriberObject(std::shared_ptr<memory::Subscriber> subscriber) : subscriber_(std::move(subscriber)) {}

const qi::MetaObject& SubscriberObject::metaObject() const {
  static const qi::MetaObject meta = [] {
    qi::MetaObject own;
    own.signals[qi::action::FirstUser] = qi::MetaSignal{qi::action::FirstUser, "signal", "(m)"};
    own.description = "ALMemory subscriber";
    return withBoundMembers(std::move(own));
  }();
  return meta;
}

qi::Value SubscriberObject::call(std::uint32_t uid, const qi::Value&, CallContext&) {
  noSuch("method", uid, "an ALMemory subscriber");
}

std::function<void()> SubscriberObject::connect(std::uint32_t uid, Deliver deliver) {
  if (uid != qi::action::FirstUser) noSuch("signal", uid, "an ALMemory subscriber");
  auto sub = subscriber_;
  const auto link = sub->signal.connect(
      [deliver](const core::Value& v) { deliver(qi::Value::tuple({qi::dynamicFromValue(v)})); });
  return [sub, link] { sub->signal.disconnect(link); };
}

}  // namespace autolife::qiserver
