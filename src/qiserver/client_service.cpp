#include "client_service.hpp"

#include <boost/asio/post.hpp>
#include <set>

#include "autolife/qi/codec.hpp"
#include "autolife/qi/convert.hpp"
#include "autolife/qi/message.hpp"
#include "autolife/service/await_reply.hpp"

namespace autolife::qiserver {

namespace asio = boost::asio;
using qi::Signature;
using service::Any;
using service::CallError;
using service::Type;

namespace {

void ignore(const std::string*, const std::string&, bool) {}

std::vector<service::Parameter> parametersOf(const qi::MetaMethod& m, const Signature& tuple) {
  std::vector<service::Parameter> out;
  for (std::size_t i = 0; i < tuple.children().size(); ++i) {
    const bool named = i < m.parameters.size() && !m.parameters[i].name.empty();
    out.emplace_back(named ? m.parameters[i].name : "arg" + std::to_string(i + 1),
                     serviceTypeOf(tuple.child(i).toString()));
  }
  return out;
}

// A qi value as the object model's.
Any anyOf(const qi::Value& value, const Signature& signature) { return qi::toValue(value, signature); }

// A signal's or a property change's values as the one value the registry's
// signals carry: the value itself for one, an array for several.
Any eventValue(const std::string& payload, const Signature& tuple) {
  const auto values = qi::toValue(qi::decode(tuple, payload), tuple);
  const auto& members = values.asTuple();
  return members.size() == 1 ? members[0] : core::Value(core::Value::Array(members));
}

}  // namespace

service::Type serviceTypeOf(const std::string& signature) {
  if (signature.empty()) return Type::Any;
  switch (signature[0]) {
    case 'v': return Type::Void;
    case 'b': return Type::Bool;
    case 'c': case 'C': case 'w': case 'W': case 'i': case 'I': case 'l': case 'L': return Type::Int;
    case 'f': case 'd': return Type::Float;
    case 's': return Type::String;
    case '[': return Type::List;
    case '{': return signature.size() > 1 && signature[1] == 's' ? Type::Map : Type::Any;  // JSON keys are strings
    default: return Type::Any;
  }
}

ClientService::ClientService(std::string name, std::uint32_t serviceId, qi::MetaObject meta,
                             std::weak_ptr<ClientHost> host, asio::io_context& ioc, std::chrono::milliseconds callTimeout)
    : name_(std::move(name)), serviceId_(serviceId), meta_(std::move(meta)), host_(std::move(host)), ioc_(ioc),
      callTimeout_(callTimeout) {}

std::shared_ptr<service::Service> ClientService::proxy() {
  auto proxy = std::make_shared<service::Service>(
      name_, meta_.description.empty() ? "A service registered by a qi client" : meta_.description);
  declareMethods(*proxy);
  for (const auto& [uid, signal] : meta_.signals) {
    if (uid < qi::action::FirstUser) continue;
    const Signature tuple = Signature::parse(signal.signature);
    std::vector<service::Parameter> parameters;
    for (std::size_t i = 0; i < tuple.children().size(); ++i)
      parameters.emplace_back("arg" + std::to_string(i + 1), serviceTypeOf(tuple.child(i).toString()));
    proxy->signal(signal.name, std::move(parameters), "");
  }
  declareProperties(*proxy);
  proxy_ = proxy;
  return proxy;
}

void ClientService::declareMethods(service::Service& proxy) {
  std::set<std::pair<std::string, std::size_t>> declared;  // the registry's overloads differ by arity only
  for (const auto& [uid, method] : meta_.methods) {
    if (uid < qi::action::FirstUser) continue;
    Signature parameters, result;
    try {
      parameters = Signature::parse(method.parametersSignature);
      result = Signature::parse(method.returnSignature);
    } catch (const std::exception&) {
      continue;  // nobody could call it
    }
    if (!declared.insert({method.name, parameters.children().size()}).second) continue;
    // Answers when the client does: callAsync (the qi server, the API, the
    // engine's steps) is handed the reply; call() (a box thread) waits for
    // it, at most the call timeout, and is refused on the loop's own thread,
    // which the answer must come through.
    service::AsyncHandler forward = [self = shared_from_this(), method](const service::Arguments& arguments,
                                                                         service::Reply reply) {
      self->forward(method, arguments, std::move(reply));
    };
    service::Method declaration{method.name, parametersOf(method, parameters), serviceTypeOf(method.returnSignature),
                                method.description,
                                [self = shared_from_this(), forward, what = name_ + "." + method.name](
                                    const service::Arguments& arguments) {
                                  if (self->ioc_.get_executor().running_in_this_thread())
                                    throw CallError("would-block", what + " is answered by another process, which the "
                                                                          "engine's own thread cannot wait for");
                                  return service::awaitReply(forward, arguments, self->callTimeout_, what);
                                }};
    declaration.asyncHandler = std::move(forward);
    proxy.method(std::move(declaration));
  }
}

void ClientService::declareProperties(service::Service& proxy) {
  for (const auto& [uid, property] : meta_.properties) {
    if (uid < qi::action::FirstUser) continue;
    std::weak_ptr<ClientService> weak = shared_from_this();
    service::Property p{property.name, serviceTypeOf(property.signature), "", nullptr, nullptr};
    p.get = [weak, uid] {
      auto self = weak.lock();
      if (!self) return Any();
      std::lock_guard lock(self->mutex_);
      auto it = self->values_.find(uid);
      return it == self->values_.end() ? Any() : it->second;
    };
    p.set = [weak, uid, name = property.name](const Any& value) {
      auto self = weak.lock();
      if (!self) return;
      self->remember(uid, value);
      std::string payload = qi::encode(Signature::parse("(mm)"),
                                       qi::Value::tuple({qi::dynamicFromValue(name), qi::dynamicFromValue(value)}));
      asio::post(self->ioc_, [self, payload = std::move(payload)]() mutable {
        self->send(qi::action::SetProperty, std::move(payload), ignore);
      });
    };
    proxy.property(std::move(p));
  }
}

void ClientService::remember(std::uint32_t uid, const Any& value) {
  std::lock_guard lock(mutex_);
  values_[uid] = value;
}

void ClientService::follow() {
  auto link = [this](std::uint32_t uid) {
    send(qi::action::RegisterEvent,
         qi::encode(Signature::parse("(IIL)"), qi::Value::tuple({serviceId_, uid, std::uint64_t{uid}})), ignore);
  };
  for (const auto& [uid, signal] : meta_.signals)
    if (uid >= qi::action::FirstUser) link(uid);
  for (const auto& [uid, property] : meta_.properties) {
    if (uid < qi::action::FirstUser) continue;
    link(uid);
    send(qi::action::Property, qi::encode(Signature::parse("(m)"), qi::Value::tuple({qi::dynamicFromValue(property.name)})),
         [weak = weak_from_this(), uid](const std::string* payload, const std::string&, bool) {
           auto self = weak.lock();
           if (!self || !payload) return;
           try {
             self->remember(uid, anyOf(qi::decode(Signature::parse("m"), *payload), Signature::parse("m")));
           } catch (const std::exception&) {
             // an unreadable value: the property reads null until the client says another
           }
         });
  }
}

void ClientService::event(std::uint32_t uid, const std::string& payload) {
  auto proxy = proxy_.lock();
  if (!proxy) return;
  try {
    if (const auto* signal = meta_.signal(uid)) {
      proxy->emit(signal->name, eventValue(payload, Signature::parse(signal->signature)));
    } else if (const auto* property = meta_.property(uid)) {
      remember(uid, eventValue(payload, Signature::parse("(" + property->signature + ")")));
      proxy->notifyPropertyChanged(property->name);
    }
  } catch (const std::exception&) {
    // an event that does not fit its signature is dropped, as the qi server drops its own
  }
}

void ClientService::send(std::uint32_t action, std::string payload, ClientHost::Outcome done) {
  auto host = host_.lock();
  if (!host) return done(nullptr, "its connection closed", true);
  host->callClient(serviceId_, qi::kMainObject, action, std::move(payload), std::move(done));
}

void ClientService::forward(const qi::MetaMethod& method, const service::Arguments& arguments, service::Reply reply) {
  const std::string what = name_ + "." + method.name;
  std::string payload;
  try {
    const Signature parameters = Signature::parse(method.parametersSignature);
    payload = qi::encode(parameters, qi::fromValue(core::Value(arguments), parameters));
  } catch (const std::exception& e) {
    return reply(CallError("bad-argument", what + ": " + e.what()));
  }
  asio::post(ioc_, [self = shared_from_this(), uid = method.uid, payload = std::move(payload), reply = std::move(reply),
                    returns = method.returnSignature, what]() mutable {
    self->send(uid, std::move(payload), [reply, returns, what](const std::string* answer, const std::string& error, bool gone) {
      service::takes(core::Duration{0});  // another process's answer takes no robot time
      if (!answer)
        return reply(gone ? CallError("service-gone", what + ": the process that registered it went away (" + error + ")")
                          : CallError("remote-error", what + ": " + error));
      service::Outcome outcome;
      try {
        const Signature result = Signature::parse(returns);
        outcome = anyOf(qi::decode(result, *answer), result);
      } catch (const std::exception& e) {
        outcome = CallError("bad-result", what + " answered what its signature does not say: " + e.what());
      }
      reply(std::move(outcome));
    });
  });
}

}  // namespace autolife::qiserver
