#include "autolife/remote/proxy.hpp"

#include <set>

#include "autolife/qi/signature.hpp"

namespace autolife::remote {

using service::Type;

namespace {

// libqi numbers an object's own methods from 100; below are the members
// every object has (registerEvent, metaObject, ...), not the service's.
constexpr std::uint32_t kFirstUserMethod = 100;

Type typeOf(const qi::Signature& s) {
  switch (s.kind()) {
    case qi::Kind::Void: return Type::Void;
    case qi::Kind::Bool: return Type::Bool;
    case qi::Kind::Int8: case qi::Kind::UInt8: case qi::Kind::Int16: case qi::Kind::UInt16:
    case qi::Kind::Int32: case qi::Kind::UInt32: case qi::Kind::Int64: case qi::Kind::UInt64:
      return Type::Int;
    case qi::Kind::Float: case qi::Kind::Double: return Type::Float;
    case qi::Kind::String: return Type::String;
    case qi::Kind::List: case qi::Kind::VarArgs: return Type::List;
    case qi::Kind::Map:  // JSON objects have string keys; others are arrays of pairs
      return s.child(0).kind() == qi::Kind::String ? Type::Map : Type::Any;
    default: return Type::Any;
  }
}

std::vector<service::Parameter> parametersOf(const qi::MetaMethod& m, const qi::Signature& signature) {
  std::vector<service::Parameter> out;
  for (std::size_t i = 0; i < signature.children().size(); ++i) {
    const bool named = i < m.parameters.size() && !m.parameters[i].name.empty();
    out.emplace_back(named ? m.parameters[i].name : "arg" + std::to_string(i + 1), typeOf(signature.child(i)),
                     i < m.parameters.size() ? m.parameters[i].description : std::string());
  }
  return out;
}

}  // namespace

Type typeOf(std::string_view signature) {
  try {
    return typeOf(qi::Signature::parse(signature));
  } catch (const std::exception&) {
    return Type::Any;
  }
}

std::shared_ptr<service::Service> makeProxy(std::shared_ptr<Connection> connection, const RemoteService& remote,
                                            const std::string& localName) {
  auto proxy = std::make_shared<service::Service>(
      localName, remote.meta.description.empty() ? "On the robot at " + connection->url() : remote.meta.description);
  std::set<std::pair<std::string, std::size_t>> declared;  // our overloads differ by arity only
  for (const auto& [uid, method] : remote.meta.methods) {
    if (uid < kFirstUserMethod) continue;
    qi::Signature parameters, result;
    try {
      parameters = qi::Signature::parse(method.parametersSignature);
      result = qi::Signature::parse(method.returnSignature);
    } catch (const std::exception&) {
      continue;  // a method we could not call anyway
    }
    if (!declared.insert({method.name, parameters.children().size()}).second) continue;
    // Answers when the robot does (a NAOqi `say` when the sentence is
    // said): the engine's thread never waits for it (callAsync).
    proxy->asyncMethod(method.name, parametersOf(method, parameters), typeOf(result), method.description,
                       [connection, service = remote.name, name = method.name](const service::Arguments& arguments,
                                                                               service::Reply reply) {
                         connection->callAsync(service, name, arguments, std::move(reply));
                       });
  }
  return proxy;
}

}  // namespace autolife::remote
