#include <algorithm>

#include "autolife/core/ascii.hpp"
#include "http_types.hpp"

namespace autolife::api::transport {

std::string_view pathOf(const HttpRequest& request) {
  std::string_view target(request.target().data(), request.target().size());
  return target.substr(0, target.find('?'));
}

namespace {

// Compares in time independent of where the strings differ.
bool sameSecret(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string_view queryToken(const HttpRequest& request) {
  std::string_view target(request.target().data(), request.target().size());
  auto q = target.find('?');
  if (q == std::string_view::npos) return {};
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    auto amp = query.find('&');
    auto pair = query.substr(0, amp);
    if (pair.starts_with("token=")) return pair.substr(6);
    if (amp == std::string_view::npos) break;
    query = query.substr(amp + 1);
  }
  return {};
}

}  // namespace

bool authorized(const HttpRequest& request, const std::string& token) {
  if (token.empty()) return true;
  auto header = request[http::field::authorization];
  std::string_view value(header.data(), header.size());
  if (value.starts_with("Bearer ") && sameSecret(value.substr(7), token)) return true;
  return sameSecret(queryToken(request), token);
}

// DNS rebinding: a page from elsewhere whose name an attacker points at
// 127.0.0.1 reaches this server with its own name as Host (and as Origin,
// so it is not cross-site). Without a token, only this machine's names are
// answered. A request without Host (no browser sends one) is not refused.
bool loopbackHost(const HttpRequest& request) {
  auto field = request[http::field::host];
  std::string host = core::asciiLower(std::string_view(field.data(), field.size()));
  if (host.empty()) return true;
  // Without the port: [v6]:port, [v6], name:port, name.
  if (host.front() == '[') {
    const auto close = host.find(']');
    if (close == std::string::npos) return false;
    const auto rest = host.substr(close + 1);
    if (!rest.empty() && (rest.front() != ':' || rest.find_first_not_of("0123456789", 1) != std::string::npos)) return false;
    return host.substr(0, close + 1) == "[::1]";
  }
  const auto colon = host.find(':');
  if (colon != std::string::npos) {
    if (host.find_first_not_of("0123456789", colon + 1) != std::string::npos) return false;
    host.resize(colon);
  }
  if (host == "localhost" || host.ends_with(".localhost")) return true;
  // 127.0.0.0/8, written as an IPv4 address.
  if (!host.starts_with("127.")) return false;
  int parts = 0;
  for (std::size_t start = 0; start <= host.size(); ++parts) {
    const auto dot = std::min(host.find('.', start), host.size());
    const auto part = host.substr(start, dot - start);
    if (part.empty() || part.size() > 3 || part.find_first_not_of("0123456789") != std::string::npos || std::stoi(part) > 255)
      return false;
    start = dot + 1;
  }
  return parts == 4;
}

bool crossSite(const HttpRequest& request) {
  auto origin = request[http::field::origin];
  if (origin.empty()) return false;
  std::string_view o(origin.data(), origin.size());
  auto scheme = o.find("://");
  if (scheme != std::string_view::npos) o = o.substr(scheme + 3);
  auto host = request[http::field::host];
  return o != std::string_view(host.data(), host.size());
}

}  // namespace autolife::api::transport
