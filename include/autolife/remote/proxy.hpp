// A remote robot's service as one of ours: a service::Service whose
// methods are those of the robot's metaObject (user methods, uid 100 and
// up), typed from their qi signatures, each forwarding its call over the
// connection, by name, as a method that answers later (asyncMethod): the
// engine's thread sends and goes on; a box thread waits, as NAOqi's
// blocking proxies do (docs/qi.md, "Connecting to a robot").
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "autolife/remote/connection.hpp"
#include "autolife/service/service.hpp"

namespace autolife::remote {

// A qi signature as a service type: b bool, integers int, f d float, s
// string, [..] list, {..} map, v void, anything else (m, tuples, objects) any.
service::Type typeOf(std::string_view signature);

// The proxy of `remote`, registered as `localName`. It keeps the connection alive.
std::shared_ptr<service::Service> makeProxy(std::shared_ptr<Connection> connection, const RemoteService& remote,
                                            const std::string& localName);

}  // namespace autolife::remote
