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
