// Beast types the sessions share (private to src/api).
#pragma once

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "shared.hpp"

namespace autolife::api::transport {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using HttpRequest = http::request<http::string_body>;
using Stream = beast::basic_stream<tcp, Executor>;

// The request's path without its query.
std::string_view pathOf(const HttpRequest& request);
// Does the request carry the token ("Authorization: Bearer T" or "?token=T")?
// Always true when no token is required.
bool authorized(const HttpRequest& request, const std::string& token);
// A browser's request from another site's page: an Origin header whose
// host is not the Host the request was sent to.
bool crossSite(const HttpRequest& request);
// Whether the Host header names this machine (127.0.0.0/8, localhost, [::1],
// any port) or is absent: what a server without a token answers.
bool loopbackHost(const HttpRequest& request);

void startWebSocketSession(Stream stream, HttpRequest request, std::shared_ptr<Shared> shared,
                           std::unique_ptr<Slot> slot);

}  // namespace autolife::api::transport
