// The one parser of qi URLs (docs/qi.md, "Addresses"): what `serve --qi`
// listens on, what `--robot` connects to, what src/qiclient dials.
//
//   tcp://HOST[:PORT]    plain qi
//   tcps://HOST[:PORT]   qi over TLS (NAOqi 2.9)
//
// HOST is a name, an IPv4 address or an IPv6 address in brackets
// ([::1]); it may not be empty. PORT is 1 to 65535 (0 too where the URL is
// listened on: any free port); without it, NAOqi's own ports: 9559 for
// tcp, 9503 for tcps. Nothing may follow the port (no path, no query).
#pragma once

#include <string>
#include <string_view>
#include <variant>

namespace autolife::net {

inline constexpr unsigned short kQiPort = 9559;     // NAOqi's plain qi port
inline constexpr unsigned short kQiTlsPort = 9503;  // NAOqi 2.9's TLS port

struct Url {
  bool tls = false;  // tcps://
  std::string host;  // without the brackets of an IPv6 address
  unsigned short port = 0;

  // tcp://HOST:PORT or tcps://HOST:PORT (IPv6 in brackets), always with the port.
  std::string text() const;
  std::string scheme() const { return tls ? "tcps" : "tcp"; }
};

enum class UrlUse { Connect, Listen };

// A URL's two schemes (plain, TLS), their default ports, and what such a
// URL is called in an error's sentence ("a qi URL").
struct UrlScheme {
  std::string_view plain, secure;
  unsigned short plainPort, securePort;
  std::string_view what;
};
inline constexpr UrlScheme kQiScheme{"tcp", "tcps", kQiPort, kQiTlsPort, "a qi URL"};
inline constexpr UrlScheme kMqttScheme{"mqtt", "mqtts", 1883, 8883, "an MQTT URL"};

// The URL, or a sentence saying what is wrong with `text` (quoting it).
// Url::text() and scheme() spell qi's schemes whatever `scheme` was.
std::variant<Url, std::string> parseUrl(std::string_view text, UrlUse use = UrlUse::Connect,
                                        const UrlScheme& scheme = kQiScheme);

// Whether `text` starts with a qi scheme (tcp:// or tcps://): a URL, even a
// malformed one, rather than something else (a model name).
bool looksLikeUrl(std::string_view text);

}  // namespace autolife::net
