#include "autolife/service/service.hpp"
#include "autolife/service/await_reply.hpp"

#include <algorithm>
#include <future>
#include <thread>
#include <utility>

namespace autolife::service {

namespace {

thread_local core::Duration lastTaken{0};
thread_local bool lastNotModelled = false;
thread_local std::string currentCaller;
thread_local const std::string* callingMethod = nullptr;
thread_local int callDepth = 0;  // registry calls running on this thread

// Counts a registry call while its method runs on this thread.
class InsideCall {
public:
  InsideCall() { ++callDepth; }
  ~InsideCall() { --callDepth; }
  InsideCall(const InsideCall&) = delete;
  InsideCall& operator=(const InsideCall&) = delete;
};

// Names the method a thread is running, for refuse().
class Calling {
public:
  explicit Calling(const std::string& qualified) : previous_(std::exchange(callingMethod, &qualified)) {}
  ~Calling() { callingMethod = previous_; }
  Calling(const Calling&) = delete;
  Calling& operator=(const Calling&) = delete;

private:
  const std::string* previous_;
};

std::string valuesText(const Arguments& args) {
  std::string s = "(";
  for (std::size_t i = 0; i < args.size(); ++i) s += (i ? ", " : "") + quote(args[i]);
  return s + ")";
}

}  // namespace

std::string parametersText(const std::vector<Parameter>& parameters) {
  std::string s = "(";
  for (std::size_t i = 0; i < parameters.size(); ++i)
    s += (i ? ", " : "") + parameters[i].name + ": " + std::string(typeName(parameters[i].type));
  return s + ")";
}

void refuse(std::string reason, const std::string& sentence) {
  throw CallError(std::move(reason), callingMethod ? *callingMethod + ": " + sentence : sentence);
}

const std::string& currentMethod() {
  static const std::string none;
  return callingMethod ? *callingMethod : none;
}

// ---- Service ---------------------------------------------------------------

Service::Service(std::string name, std::string description)
    : name_(std::move(name)), description_(std::move(description)) {}

Service& Service::method(Method m) {
  qualifiedNames_.push_back(name_ + "." + m.name);
  methods_.push_back(std::move(m));
  return *this;
}

Service& Service::method(std::string name, std::vector<Parameter> parameters, Type result,
                         std::string description, Handler handler) {
  return method(Method{std::move(name), std::move(parameters), std::move(result), std::move(description), std::move(handler)});
}

Method Service::declared(std::string name, const std::vector<std::string>& names, const std::vector<Type>& types, Type result,
                         std::string description, Handler handler) {
  if (names.size() != types.size())
    throw std::logic_error(name + " is declared with " + std::to_string(names.size()) + " parameter names for " +
                           std::to_string(types.size()) + " parameters");
  std::vector<Parameter> parameters;
  for (std::size_t i = 0; i < names.size(); ++i) parameters.emplace_back(names[i], types[i]);
  return Method{std::move(name), std::move(parameters), std::move(result), std::move(description), std::move(handler)};
}

Service& Service::signal(std::string name, std::vector<Parameter> parameters, std::string description) {
  signals_.push_back({std::move(name), std::move(parameters), std::move(description)});
  return *this;
}

Service& Service::property(Property p) {
  properties_.push_back(std::move(p));
  return *this;
}

Service& Service::asyncMethod(std::string name, std::vector<Parameter> parameters, Type result,
                              std::string description, AsyncHandler handler) {
  // For callers that may wait: the reply, whichever thread it comes on.
  Handler waits = [handler](const Arguments& args) { return awaitReply(handler, args); };
  Method m{std::move(name), std::move(parameters), result, std::move(description), std::move(waits)};
  m.asyncHandler = std::move(handler);
  return method(std::move(m));
}

Any awaitReply(const AsyncHandler& handler, const Arguments& args, std::optional<std::chrono::milliseconds> patience,
               const std::string& what) {
  auto promise = std::make_shared<std::promise<Outcome>>();
  auto future = promise->get_future();
  handler(args, [promise](Outcome o) { promise->set_value(std::move(o)); });
  if (patience && future.wait_for(*patience) != std::future_status::ready)
    throw CallError("timeout", what + " did not answer within " + std::to_string(patience->count()) + " ms");
  Outcome outcome = future.get();
  if (auto* error = std::get_if<CallError>(&outcome)) throw *error;
  return std::get<Any>(std::move(outcome));
}

bool Service::hasMethod(std::string_view name, std::size_t arity) const {
  return std::any_of(methods_.begin(), methods_.end(),
                     [&](const Method& m) { return m.name == name && (m.variadic || m.parameters.size() == arity); });
}

namespace {

// The first parameter an argument does not fit, or parameters.size().
std::size_t firstMisfit(const Method& m, const Arguments& args) {
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!fits(args[i], m.parameters[i].type)) return i;
  return args.size();
}

std::string overloadsText(const std::vector<const Method*>& ms) {
  std::string s;
  for (std::size_t i = 0; i < ms.size(); ++i) s += (i ? " or " : "") + parametersText(ms[i]->parameters);
  return s;
}

}  // namespace

// The overload a call runs: the first, in declaration order, whose
// parameters the arguments fit. No allocation on the way to it: the
// overloads are gathered only to say why none fits.
const Method& Service::resolve(std::string_view name, const Arguments& args) const {
  for (const auto& m : methods_) {
    if (m.name != name) continue;
    if (m.variadic) return m;
    if (m.parameters.size() == args.size() && firstMisfit(m, args) == args.size()) return m;
  }
  refuseUnresolved(name, args);
}

void Service::refuseUnresolved(std::string_view name, const Arguments& args) const {
  std::vector<const Method*> named, sameArity;
  for (const auto& m : methods_) {
    if (m.name != name) continue;
    named.push_back(&m);
    if (m.parameters.size() == args.size()) sameArity.push_back(&m);
  }
  const std::string qualified = name_ + "." + std::string(name);
  if (named.empty()) throw CallError("no-such-method", qualified + " does not exist");
  if (sameArity.empty()) {
    std::vector<std::size_t> arities;
    for (const auto* m : named)
      if (std::find(arities.begin(), arities.end(), m->parameters.size()) == arities.end()) arities.push_back(m->parameters.size());
    std::string counts;
    for (std::size_t i = 0; i < arities.size(); ++i) counts += (i ? " or " : "") + std::to_string(arities[i]);
    throw CallError("wrong-arity", qualified + " takes " + counts + (arities.size() == 1 && arities[0] == 1 ? " argument" : " arguments") +
                                       " " + overloadsText(named) + ", got " + std::to_string(args.size()) + ": " + valuesText(args));
  }
  if (sameArity.size() == 1) {
    const Method& m = *sameArity[0];
    const std::size_t i = firstMisfit(m, args);
    throw CallError("bad-argument", qualified + ": argument " + std::to_string(i + 1) + " (" + m.parameters[i].name +
                                        ") must be " + typeText(m.parameters[i].type) + ", got " + quote(args[i]));
  }
  throw CallError("bad-argument", qualified + " takes " + overloadsText(sameArity) + ", got " + valuesText(args));
}

Any Service::call(std::string_view name, const Arguments& args) const { return invoke(resolve(name, args), args); }

Any Service::invoke(const Method& method, const Arguments& args) const {
  Calling calling(qualifiedNames_[static_cast<std::size_t>(&method - methods_.data())]);
  try {
    if (guard_) guard_();
    return method.handler(args);
  } catch (const CallError&) {
    throw;
  } catch (const std::exception& e) {
    throw CallError("error", name_ + "." + method.name + ": " + e.what());
  }
}

void Service::callAsync(std::string_view name, const Arguments& args, Reply reply) const {
  const Method* method = nullptr;
  try {
    method = &resolve(name, args);
    if (!method->asyncHandler) return reply(invoke(*method, args));
  } catch (const CallError& e) {
    return reply(e);
  }
  try {
    method->asyncHandler(args, std::move(reply));
  } catch (const std::exception& e) {  // the handler failed before it could answer
    reply(CallError("error", name_ + "." + std::string(name) + ": " + e.what()));
  }
}

const Property& Service::findProperty(std::string_view name) const {
  for (const auto& p : properties_)
    if (p.name == name) return p;
  throw CallError("no-such-property", name_ + "." + std::string(name) + " is not a property");
}

Any Service::getProperty(std::string_view name) const { return findProperty(name).get(); }

void Service::setProperty(std::string_view name, const Any& value) {
  const Property& p = findProperty(name);
  if (!p.set) throw CallError("read-only", name_ + "." + std::string(name) + " cannot be set");
  if (!fits(value, p.type))
    throw CallError("bad-argument", name_ + "." + std::string(name) + " must be " + typeText(p.type) + ", got " + quote(value));
  p.set(value);
  notifyPropertyChanged(name);
}

void Service::notifyPropertyChanged(std::string_view name) {
  const Property& p = findProperty(name);
  if (propertyChanged.size() == 0) return;  // nobody listens: do not even read it
  propertyChanged(p.name, p.get());
}

void Service::emit(std::string_view signal, const Any& value) { emitted(std::string(signal), value); }

// ---- Registry --------------------------------------------------------------

namespace {

CallError noSuchService(std::string_view service) {
  return CallError("no-such-service", "there is no service named " + std::string(service));
}

std::pair<std::string_view, std::string_view> splitQualified(std::string_view qualified) {
  auto dot = qualified.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == qualified.size())
    throw CallError("bad-method-name", "'" + std::string(qualified) + "' is not of the form Service.method");
  return {qualified.substr(0, dot), qualified.substr(dot + 1)};
}

}  // namespace

void Registry::add(std::shared_ptr<Service> service) {
  const std::string name = service->name();
  {
    std::lock_guard lock(mutex_);
    if (services_.contains(name)) throw CallError("service-exists", "a service named " + name + " is already registered");
    services_.emplace(name, std::move(service));
  }
  serviceAdded(name);
}

void Registry::replace(std::shared_ptr<Service> service) {
  const std::string name = service->name();
  bool replaced = false;
  {
    std::lock_guard lock(mutex_);
    auto [it, added] = services_.try_emplace(name, service);
    if (!added) {
      it->second = std::move(service);
      replaced = true;
    }
  }
  if (replaced) serviceRemoved(name);
  serviceAdded(name);
}

bool Registry::remove(std::string_view name) {
  {
    std::lock_guard lock(mutex_);
    auto it = services_.find(name);
    if (it == services_.end()) return false;
    services_.erase(it);
  }
  serviceRemoved(std::string(name));
  return true;
}

std::shared_ptr<Service> Registry::find(std::string_view name) const {
  std::lock_guard lock(mutex_);
  auto it = services_.find(name);
  return it == services_.end() ? nullptr : it->second;
}

std::vector<std::string> Registry::names() const {
  std::lock_guard lock(mutex_);
  std::vector<std::string> out;
  for (const auto& [name, s] : services_) out.push_back(name);
  std::sort(out.begin(), out.end());
  return out;
}

Any Registry::call(std::string_view qualified, const Arguments& args) const {
  const auto [service, method] = splitQualified(qualified);
  return call(service, method, args);
}

void Registry::callAsync(std::string_view qualified, const Arguments& args, Reply reply) const {
  std::pair<std::string_view, std::string_view> names;
  try {
    names = splitQualified(qualified);
  } catch (const CallError& e) {
    return reply(e);
  }
  callAsync(names.first, names.second, args, std::move(reply));
}

CallerScope::CallerScope(std::string caller) : previous_(std::exchange(currentCaller, std::move(caller))) {}
CallerScope::~CallerScope() { currentCaller = std::move(previous_); }
const std::string& CallerScope::current() { return currentCaller; }

bool insideCall() { return callDepth > 0; }

void Registry::clientCalls(std::string_view service, std::string_view method, const Arguments& arguments) const {
  if (callDepth == 0 && clientCalled.size()) clientCalled(service, method, arguments);
}

void takes(core::Duration d) { lastTaken = d; }
core::Duration takenByLastCall() { return lastTaken; }
void notModelled() { lastNotModelled = true; }

std::string Registry::warnOnce(const std::string& service, const std::string& method, const Any& answer) const {
  std::string qualified = service + "." + method;
  std::string sentence;
  {
    std::lock_guard lock(mutex_);
    if (!warnedMethods_.insert(qualified).second) return {};
    sentence = qualified + " is not modelled by the simulated robot: it answered " + quote(answer) +
               " and did nothing (docs/robot.md lists what is modelled)";
    warnings_.push_back(sentence);
  }
  if (warned.size()) warned(sentence);
  return sentence;
}

std::vector<std::string> Registry::warnings() const {
  std::lock_guard lock(mutex_);
  return warnings_;
}

// A call's record; its arguments are copied only when someone listens to
// `called` (nobody does in `serve`).
CallRecord Registry::recordOf(std::string_view service, std::string_view method, const Arguments& args) const {
  return CallRecord{std::string(service), std::string(method), called.size() ? args : Arguments{}, Any(), {}, {},
                    core::Duration{0}, currentCaller, false, {}};
}

Any Registry::call(std::string_view service, std::string_view method, const Arguments& args) const {
  CallRecord record = recordOf(service, method, args);
  lastTaken = core::Duration{0};
  lastNotModelled = false;
  Outcome outcome;
  try {
    auto s = find(service);
    if (!s) throw noSuchService(service);
    InsideCall inside;
    outcome = s->call(method, args);
  } catch (const CallError& e) {
    outcome = e;
  }
  complete(record, outcome, true);
  if (const auto* error = std::get_if<CallError>(&outcome)) throw *error;
  return std::get<Any>(std::move(outcome));
}

// The record is reported once the outcome is known (on the thread that
// knows it), then the reply.
void Registry::callAsync(std::string_view service, std::string_view method, const Arguments& args, Reply reply) const {
  callAsync(service, find(service), method, args, std::move(reply));
}

std::optional<Outcome> Registry::callAtOnce(std::string_view service, const std::shared_ptr<Service>& s,
                                            std::string_view method, const Arguments& args) const {
  lastTaken = core::Duration{0};
  lastNotModelled = false;
  Outcome outcome;
  try {
    if (!s) throw noSuchService(service);
    const Method& m = s->resolve(method, args);
    if (m.asyncHandler) return std::nullopt;
    InsideCall inside;
    outcome = s->invoke(m, args);
  } catch (const CallError& e) {
    outcome = e;
  }
  if (called.size() == 0) {  // nobody to tell (`serve`): no record is made, a stub's warning is still given
    if (const auto* result = std::get_if<Any>(&outcome); result && std::exchange(lastNotModelled, false))
      warnOnce(std::string(service), std::string(method), *result);
    return outcome;
  }
  CallRecord record = recordOf(service, method, args);
  complete(record, outcome, true);
  return outcome;
}

void Registry::complete(CallRecord& record, const Outcome& outcome, bool onThisThread) const {
  record.takes = onThisThread ? lastTaken : core::Duration{0};
  if (const auto* error = std::get_if<CallError>(&outcome)) {
    record.errorReason = error->reason();
    record.errorMessage = error->what();
  } else {
    record.result = std::get<Any>(outcome);
    if (onThisThread && std::exchange(lastNotModelled, false)) {  // a stub answered (so at once, on this thread)
      record.notModelled = true;
      record.warning = warnOnce(record.service, record.method, record.result);
    }
  }
  if (called.size()) called(record);
  if (onThisThread) lastTaken = record.takes;  // a listener's own calls must not change what the caller reads
}

void Registry::callAsync(std::string_view service, const std::shared_ptr<Service>& s, std::string_view method,
                         const Arguments& args, Reply reply) const {
  if (auto outcome = callAtOnce(service, s, method, args)) return reply(std::move(*outcome));
  // A method that answers later: reported when it does, on the thread that knows it.
  auto record = std::make_shared<CallRecord>(recordOf(service, method, args));
  lastTaken = core::Duration{0};
  lastNotModelled = false;
  // Answered on this thread after all, what it takes is this thread's to
  // read, as after call().
  Reply reported = [this, record, reply = std::move(reply), here = std::this_thread::get_id()](Outcome outcome) {
    complete(*record, outcome, std::this_thread::get_id() == here);
    reply(std::move(outcome));
  };
  InsideCall inside;
  s->callAsync(method, args, std::move(reported));  // (callAtOnce refused a missing service)
}

// ---- argument readers ------------------------------------------------------

namespace {

const Any& argument(const Arguments& a, std::size_t i) {
  if (i >= a.size()) refuse("wrong-arity", "argument " + std::to_string(i + 1) + " is missing");
  return a[i];
}

[[noreturn]] void badArgument(std::size_t i, const char* expected, const Any& got) {
  refuse("bad-argument", "argument " + std::to_string(i + 1) + " must be " + expected + ", got " + quote(got));
}

}  // namespace

std::string stringArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!fits(v, Type::String)) badArgument(i, "a string", v);
  return Convert<std::string>::from(v);
}

std::int64_t intArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!fits(v, Type::Int)) badArgument(i, "an int", v);
  return Convert<std::int64_t>::from(v);
}

double floatArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!fits(v, Type::Float)) badArgument(i, "a number", v);
  return Convert<double>::from(v);
}

bool boolArg(const Arguments& a, std::size_t i) {
  const Any& v = argument(a, i);
  if (!v.isBool()) badArgument(i, "a bool", v);
  return v.asBool();
}

}  // namespace autolife::service
