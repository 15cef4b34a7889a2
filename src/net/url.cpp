#include "autolife/net/url.hpp"

#include <algorithm>
#include <cctype>

namespace autolife::net {

namespace {

std::string quoted(std::string_view text) { return "'" + std::string(text) + "': "; }

bool allDigits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

}  // namespace

std::string Url::text() const {
  const bool v6 = host.find(':') != std::string::npos;
  return scheme() + "://" + (v6 ? "[" + host + "]" : host) + ":" + std::to_string(port);
}

bool looksLikeUrl(std::string_view text) { return text.starts_with("tcp://") || text.starts_with("tcps://"); }

std::variant<Url, std::string> parseUrl(std::string_view text, UrlUse use, const UrlScheme& scheme) {
  const std::string plain = std::string(scheme.plain) + "://", secure = std::string(scheme.secure) + "://";
  const std::string expected = plain + "HOST:PORT or " + secure + "HOST:PORT expected";
  Url url;
  std::string_view rest;
  if (text.starts_with(secure)) {
    url.tls = true;
    rest = text.substr(secure.size());
  } else if (text.starts_with(plain)) {
    rest = text.substr(plain.size());
  } else {
    return quoted(text) + "not " + std::string(scheme.what) + ": " + expected;
  }
  // The host: [v6] or everything up to the last ':' (or the end).
  std::string_view port;
  const bool bracketed = rest.starts_with('[');
  if (bracketed) {
    const auto close = rest.find(']');
    if (close == std::string_view::npos || close == 1) return quoted(text) + "an IPv6 address goes in brackets: " + expected;
    url.host = std::string(rest.substr(1, close - 1));
    rest = rest.substr(close + 1);
    if (!rest.empty() && !rest.starts_with(':')) return quoted(text) + expected;
    if (!rest.empty()) port = rest.substr(1);
    if (!rest.empty() && port.empty()) return quoted(text) + "no port after ':': " + expected;
  } else {
    const auto colon = rest.rfind(':');
    url.host = std::string(rest.substr(0, colon));
    if (colon != std::string_view::npos) {
      port = rest.substr(colon + 1);
      if (port.empty()) return quoted(text) + "no port after ':': " + expected;
    }
  }
  if (url.host.empty()) return quoted(text) + "no host: " + expected;
  if (!bracketed && url.host.find(':') != std::string::npos) return quoted(text) + "an IPv6 address goes in brackets: " + expected;
  if (url.host.find_first_of("/?#@ ") != std::string::npos) return quoted(text) + expected;
  if (port.empty()) {
    url.port = url.tls ? scheme.securePort : scheme.plainPort;
    return url;
  }
  const unsigned long lowest = use == UrlUse::Listen ? 0 : 1;
  if (!allDigits(port) || port.size() > 5 || std::stoul(std::string(port)) > 65535 ||
      std::stoul(std::string(port)) < lowest)
    return quoted(text) + "the port must be a number from " + std::to_string(lowest) + " to 65535";
  url.port = static_cast<unsigned short>(std::stoul(std::string(port)));
  return url;
}

}  // namespace autolife::net
