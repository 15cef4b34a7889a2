// The one object model (REFERENCE §8): a service is a name with methods
// (typed parameters, a result), signals and properties. The same objects are
// reached in-process, by scenario `call` steps, by Python boxes, over the
// network API and (later) over qi. Values crossing it are JSON (`Any`): ints
// and floats stay distinct, maps are allowed (unlike condition values).
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "autolife/core/signal.hpp"
#include "autolife/core/time.hpp"

namespace autolife::service {

using Any = nlohmann::json;
using Arguments = std::vector<Any>;

// How every refusal reaches a caller: a machine-readable reason (kebab-case,
// stable, for scripts) and a sentence for people.
class CallError : public std::runtime_error {
public:
  CallError(std::string reason, const std::string& message)
      : std::runtime_error(message), reason_(std::move(reason)) {}
  const std::string& reason() const { return reason_; }

private:
  std::string reason_;
};

// Parameter and result types. Each has a qi signature (issue 6).
enum class Type : std::uint8_t { Void, Bool, Int, Float, String, List, Map, Any };
std::string_view typeName(Type t);   // "void", "bool", "int", "float", "string", "list", "map", "any"
std::string_view signature(Type t);  // qi: "v", "b", "i", "d", "s", "[m]", "{sm}", "m"
// Does `value` fit `t`? (an Int fits Float; anything fits Any)
bool fits(const Any& value, Type t);

struct Parameter {
  Parameter(std::string n, Type t = Type::Any, std::string d = {})
      : name(std::move(n)), type(t), description(std::move(d)) {}
  std::string name;
  Type type;
  std::string description;
};

using Handler = std::function<Any(const Arguments&)>;

// A call that answers later (a remote robot's service): its outcome, the
// result or the refusal, is handed to a Reply, once, on any thread.
using Outcome = std::variant<Any, CallError>;
using Reply = std::function<void(Outcome)>;
using AsyncHandler = std::function<void(const Arguments&, Reply)>;

struct Method {
  std::string name;
  std::vector<Parameter> parameters;
  Type result = Type::Void;
  std::string description;
  Handler handler;
  // Set for a method that answers later (asyncMethod): `handler` then
  // waits for it, for callers that may wait (a behavior's box thread).
  AsyncHandler asyncHandler = {};
};

struct SignalInfo {
  std::string name;
  std::vector<Parameter> parameters;
  std::string description;
};

struct Property {
  std::string name;
  Type type = Type::Any;
  std::string description;
  std::function<Any()> get;
  std::function<void(const Any&)> set;  // empty: read-only
};

class Service {
public:
  explicit Service(std::string name, std::string description = "");
  Service(const Service&) = delete;
  Service& operator=(const Service&) = delete;

  const std::string& name() const { return name_; }
  const std::string& description() const { return description_; }

  // Declaration (before the service is shared). Overloads differ by arity,
  // as NAOqi's do (switchFocus(name) and switchFocus(name, flags)).
  Service& method(std::string name, std::vector<Parameter> parameters, Type result, std::string description,
                  Handler handler);
  // A method that answers later (docs/architecture.md, "A remote robot"):
  // callAsync() hands it the reply; call() waits for it.
  Service& asyncMethod(std::string name, std::vector<Parameter> parameters, Type result, std::string description,
                       AsyncHandler handler);
  Service& signal(std::string name, std::vector<Parameter> parameters, std::string description);
  Service& property(Property p);

  const std::vector<Method>& methods() const { return methods_; }
  const std::vector<SignalInfo>& signals() const { return signals_; }
  const std::vector<Property>& properties() const { return properties_; }

  // Checks the method, arity and argument types, then calls it. Throws
  // CallError: no-such-method, wrong-arity, bad-argument, or the handler's
  // own reason; any other exception from the handler becomes reason "error".
  Any call(std::string_view method, const Arguments& arguments) const;
  // The same checks, then: a method that answers later is handed `reply`
  // (called on any thread, once); any other is called here and `reply`
  // with it before this returns. A refused call is replied, not thrown.
  void callAsync(std::string_view method, const Arguments& arguments, Reply reply) const;
  Any getProperty(std::string_view name) const;
  // Sets it through its setter, then fires propertyChanged with the value
  // read back.
  void setProperty(std::string_view name, const Any& value);
  // A service that changes one of its properties itself (a sensor reading)
  // calls this: propertyChanged fires with the current value. CallError
  // no-such-property for a name it does not have.
  void notifyPropertyChanged(std::string_view name);
  core::Signal<const std::string&, const Any&> propertyChanged;  // (property name, new value)

  // Fires `signal` with `value` to every subscriber of `emitted`.
  void emit(std::string_view signal, const Any& value);
  core::Signal<const std::string&, const Any&> emitted;  // (signal name, value)

private:
  const Property& findProperty(std::string_view name) const;
  // The overload `arguments` fit; CallError no-such-method, wrong-arity, bad-argument.
  const Method& resolve(std::string_view name, const Arguments& arguments) const;
  std::string name_;
  std::string description_;
  std::vector<Method> methods_;
  std::vector<SignalInfo> signals_;
  std::vector<Property> properties_;
};

// A robot action takes time: saying a sentence, moving an arm. A handler
// says how long with `takes(d)`; a caller that waits like NAOqi's blocking
// proxies (a behavior's box) reads it with `takenByLastCall()` and waits
// that long on the engine clock (virtual in simulation); engine code that
// only starts things ignores it. Per thread.
void takes(core::Duration d);
core::Duration takenByLastCall();

// What `Registry::called` reports for each call made through the registry.
struct CallRecord {
  std::string service;
  std::string method;
  Arguments arguments;
  Any result;                 // null when refused
  std::string errorReason;    // empty when it succeeded
  std::string errorMessage;
  core::Duration takes{0};    // robot time the action takes
  std::string caller;         // who called: a behavior's id (CallerScope); empty: the engine or a client
};

// Names the caller of the registry calls this thread makes while it lives
// (the runtime names the behavior whose box runs): the records say who
// made the robot act.
class CallerScope {
public:
  explicit CallerScope(std::string caller);
  ~CallerScope();
  CallerScope(const CallerScope&) = delete;
  CallerScope& operator=(const CallerScope&) = delete;

private:
  std::string previous_;
};

// The services of one engine, by NAOqi name.
class Registry {
public:
  // Throws CallError("service-exists") if the name is taken.
  void add(std::shared_ptr<Service> service);
  bool remove(std::string_view name);
  std::shared_ptr<Service> find(std::string_view name) const;
  std::vector<std::string> names() const;  // sorted

  // "Service.method" with arguments; CallError("no-such-service") when the
  // service is missing, or whatever the service throws.
  Any call(std::string_view qualifiedMethod, const Arguments& arguments) const;
  Any call(std::string_view service, std::string_view method, const Arguments& arguments) const;
  // Without waiting for a method that answers later (a robot's): what the
  // engine's thread does, so that a slow robot holds nothing up. `reply`
  // gets the outcome (at once for the others); `called` reports it then.
  void callAsync(std::string_view service, std::string_view method, const Arguments& arguments, Reply reply) const;
  void callAsync(std::string_view qualifiedMethod, const Arguments& arguments, Reply reply) const;

  core::Signal<const std::string&> serviceAdded;
  core::Signal<const std::string&> serviceRemoved;
  // Every call made through the registry, after it returns or is refused
  // (`autolife play` prints them: what the robot did).
  core::Signal<const CallRecord&> called;

private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<Service>, std::less<>> services_;
};

// Reads argument `i` as the given C++ type, with a bad-argument CallError
// naming the parameter when it does not fit (handlers use these).
std::string stringArg(const Arguments& a, std::size_t i);
std::int64_t intArg(const Arguments& a, std::size_t i);
double floatArg(const Arguments& a, std::size_t i);
bool boolArg(const Arguments& a, std::size_t i);

}  // namespace autolife::service
