// The one object model (REFERENCE §8): a service is a name with methods
// (typed parameters, a result), signals and properties. The same objects are
// reached in-process, by scenario `call` steps, by Python boxes, over the
// network API and over qi. Values crossing it are `Any` (type.hpp): ints
// and floats stay distinct, maps are allowed (unlike condition values).
//
// A method is declared once, typed: `bind` reads its parameter and result
// types from the C++ function that implements it (binding.hpp), and every
// call is checked against the declarations (arity, types, every overload)
// before it runs.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "autolife/core/signal.hpp"
#include "autolife/core/string_hash.hpp"
#include "autolife/core/time.hpp"
#include "autolife/service/binding.hpp"
#include "autolife/service/call_error.hpp"
#include "autolife/service/type.hpp"

namespace autolife::service {

struct Parameter {
  Parameter(std::string n, Type t = Type::Any, std::string d = {})
      : name(std::move(n)), type(std::move(t)), description(std::move(d)) {}
  std::string name;
  Type type;
  std::string description;
};

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
  // False: NAOqi has it and the simulation answers a neutral value of its
  // result type (the catalog's stubs); calls to it are reported once.
  bool modelled = true;
  // Takes any arguments (NAOqi's pCall(method, args...)): not checked.
  bool variadic = false;
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

  // Declaration (before the service is shared). Overloads differ by arity
  // or by their parameters' types: a call runs the first overload, in
  // declaration order, that its arguments fit.
  Service& method(Method m);
  Service& method(std::string name, std::vector<Parameter> parameters, Type result, std::string description,
                  Handler handler);
  // A typed method: the parameters' types and the result's are those of
  // `handler`'s C++ signature; `parameterNames` names them, in order (a
  // std::logic_error at declaration when the counts differ). `result`
  // overrides the declared result type (a handler returning Any whose value
  // is always a list, say).
  template <class F>
  Service& bind(std::string name, const std::vector<std::string>& parameterNames, F handler, std::string description = {},
                std::optional<Type> result = std::nullopt) {
    return method(typedMethod(std::move(name), parameterNames, std::move(handler), std::move(description), std::move(result)));
  }
  // A method that answers later (docs/architecture.md, "A remote robot"):
  // callAsync() hands it the reply; call() waits for it.
  Service& asyncMethod(std::string name, std::vector<Parameter> parameters, Type result, std::string description,
                       AsyncHandler handler);
  Service& signal(std::string name, std::vector<Parameter> parameters, std::string description);
  Service& property(Property p);
  // Runs before every method's handler (a simulated robot's services refuse
  // every call once the robot behind them is gone).
  void setGuard(std::function<void()> guard) { guard_ = std::move(guard); }

  const std::vector<Method>& methods() const { return methods_; }
  const std::vector<SignalInfo>& signals() const { return signals_; }
  const std::vector<Property>& properties() const { return properties_; }
  bool hasMethod(std::string_view name, std::size_t arity) const;

  // Checks the method, arity and argument types against every overload,
  // then calls the first that fits. Throws CallError: no-such-method,
  // wrong-arity or bad-argument (naming the overloads and what was passed),
  // or the handler's own reason; any other exception from the handler
  // becomes reason "error".
  Any call(std::string_view method, const Arguments& arguments) const;
  // The same checks, then: a method that answers later is handed `reply`
  // (called on any thread, once); any other is called here and `reply`
  // with it before this returns. A refused call is replied, not thrown.
  void callAsync(std::string_view method, const Arguments& arguments, Reply reply) const;
  // call()'s two steps, for a caller that needs the method first (the
  // registry answers a method that answers at once without wrapping its
  // reply): the overload that fits (CallError as call() says), then the call.
  const Method& resolve(std::string_view name, const Arguments& arguments) const;
  Any invoke(const Method& method, const Arguments& arguments) const;
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

  // A typed method's declaration (what bind adds).
  template <class F>
  static Method typedMethod(std::string name, const std::vector<std::string>& parameterNames, F handler,
                            std::string description = {}, std::optional<Type> result = std::nullopt) {
    const auto types = parameterTypesOf<F>();
    return declared(std::move(name), parameterNames, types, result ? *result : resultTypeOf<F>(), std::move(description),
                    typedHandler(std::move(handler)));
  }

private:
  static Method declared(std::string name, const std::vector<std::string>& names, const std::vector<Type>& types, Type result,
                         std::string description, Handler handler);
  [[noreturn]] void refuseUnresolved(std::string_view name, const Arguments& arguments) const;
  const Property& findProperty(std::string_view name) const;
  std::string name_;
  std::string description_;
  std::vector<Method> methods_;
  std::vector<std::string> qualifiedNames_;  // "Service.method", methods_'s order: what a running call is named
  std::vector<SignalInfo> signals_;
  std::vector<Property> properties_;
  std::function<void()> guard_;
};

// "(fileName: string, volume: float)": a method's parameters for sentences.
std::string parametersText(const std::vector<Parameter>& parameters);

// Refuses the call being made on this thread: CallError(reason,
// "Service.method: sentence"). Typed handlers, which do not know their own
// method's name, refuse with it.
[[noreturn]] void refuse(std::string reason, const std::string& sentence);
// "Service.method" of the call being made on this thread ("" outside one).
const std::string& currentMethod();

// A robot action takes time: saying a sentence, moving an arm. A handler
// says how long with `takes(d)`; a caller that waits like NAOqi's blocking
// proxies (a behavior's box) reads it with `takenByLastCall()` and waits
// that long on the engine clock (virtual in simulation); engine code that
// only starts things ignores it. Per thread.
void takes(core::Duration d);
core::Duration takenByLastCall();

// A handler that answers without modelling what NAOqi does (a catalog stub)
// says so; the registry reports it once per method (CallRecord::warning).
// Per thread, like takes().
void notModelled();

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
  bool notModelled = false;   // answered by a stub (a neutral value)
  std::string warning;        // the first such call of a method: says it is not modelled
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
  // Who this thread calls for now ("" for the engine or a client).
  static const std::string& current();

private:
  std::string previous_;
};

// True while this thread runs a method called through a registry: what it
// does then is the call's doing, not an input from outside the engine
// (engine::Inputs tells its observer only of inputs made outside a call).
bool insideCall();

// The services of one engine, by NAOqi name.
class Registry {
public:
  // Throws CallError("service-exists") if the name is taken.
  void add(std::shared_ptr<Service> service);
  // Adds it, or puts it in the place of the service of that name (the
  // engine's own modelled services replace the catalog's stubs).
  void replace(std::shared_ptr<Service> service);
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
  // The same with the service `find` gave the caller already (null: there
  // is none), for a caller that needed it before the call (the network API
  // reads named parameters from its declaration).
  void callAsync(std::string_view service, const std::shared_ptr<Service>& found, std::string_view method,
                 const Arguments& arguments, Reply reply) const;
  // callAsync's outcome, reported as it reports it, when the method answers
  // at once (or is refused); nullopt, nothing done, for a method that
  // answers later. A caller with its reply at hand (the network API) then
  // wraps nothing for the common call.
  std::optional<Outcome> callAtOnce(std::string_view service, const std::shared_ptr<Service>& found,
                                    std::string_view method, const Arguments& arguments) const;

  core::Signal<const std::string&> serviceAdded;
  core::Signal<const std::string&> serviceRemoved;
  // Every call made through the registry, after it returns or is refused
  // (`autolife play` prints them: what the robot did).
  core::Signal<const CallRecord&> called;
  // Once per method: a call was answered by a method that is not modelled
  // (the sentence also in that call's CallRecord::warning). `serve` prints
  // it, the dashboard shows it.
  core::Signal<const std::string&> warned;
  // The warnings given so far, oldest first.
  std::vector<std::string> warnings() const;

  // A client is about to call `service.method` (a network front's request,
  // a scenario's `call` step): said before the call is made, so that what
  // hears the engine's inputs (engine::Inputs, a day's recorder) hears it
  // once, whether the method answers at once or later. Nothing is said for
  // a call made from inside another call.
  void clientCalls(std::string_view service, std::string_view method, const Arguments& arguments) const;
  core::Signal<std::string_view, std::string_view, const Arguments&> clientCalled;

private:
  std::string warnOnce(const std::string& service, const std::string& method, const Any& answer) const;
  CallRecord recordOf(std::string_view service, std::string_view method, const Arguments& arguments) const;
  // Completes a call's record with its outcome and tells `called`. Only an
  // answer given on the calling thread says what the call took and whether
  // a stub gave it (then warned once per method).
  void complete(CallRecord& record, const Outcome& outcome, bool onThisThread) const;

  mutable std::mutex mutex_;
  // Hashed: every call looks its service up (names() sorts).
  std::unordered_map<std::string, std::shared_ptr<Service>, core::StringHash, std::equal_to<>> services_;
  mutable std::set<std::string, std::less<>> warnedMethods_;
  mutable std::vector<std::string> warnings_;
};

// Reads argument `i` as the given C++ type, with a bad-argument CallError
// naming the parameter when it does not fit (handlers use these).
std::string stringArg(const Arguments& a, std::size_t i);
std::int64_t intArg(const Arguments& a, std::size_t i);
double floatArg(const Arguments& a, std::size_t i);
bool boolArg(const Arguments& a, std::size_t i);

}  // namespace autolife::service
