// The one qi URL parser (docs/qi.md, "Addresses"): what serve's --qi,
// --robot and the qi client accept, with the same rules everywhere.
#include <gmock/gmock.h>

#include "autolife/net/url.hpp"

namespace autolife::net {
namespace {

using ::testing::HasSubstr;

Url ok(std::string_view text, UrlUse use = UrlUse::Connect) {
  auto parsed = parseUrl(text, use);
  if (const auto* wrong = std::get_if<std::string>(&parsed)) ADD_FAILURE() << *wrong;
  return std::get_if<Url>(&parsed) ? std::get<Url>(parsed) : Url{};
}

std::string refused(std::string_view text, UrlUse use = UrlUse::Connect) {
  auto parsed = parseUrl(text, use);
  if (std::holds_alternative<Url>(parsed)) ADD_FAILURE() << text << " was accepted";
  return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : "";
}

TEST(QiUrl, TcpAndTcpsWithHostAndPort) {
  const Url plain = ok("tcp://192.168.1.12:9559");
  EXPECT_FALSE(plain.tls);
  EXPECT_EQ(plain.host, "192.168.1.12");
  EXPECT_EQ(plain.port, 9559);
  EXPECT_EQ(plain.text(), "tcp://192.168.1.12:9559");
  const Url tls = ok("tcps://nao.local:9503");
  EXPECT_TRUE(tls.tls);
  EXPECT_EQ(tls.host, "nao.local");
  EXPECT_EQ(tls.text(), "tcps://nao.local:9503");
}

TEST(QiUrl, WithoutAPortNaoqisOwn) {
  EXPECT_EQ(ok("tcp://nao.local").port, kQiPort);
  EXPECT_EQ(ok("tcps://nao.local").port, kQiTlsPort);
}

TEST(QiUrl, IPv6InBrackets) {
  const Url v6 = ok("tcp://[::1]:9559");
  EXPECT_EQ(v6.host, "::1");
  EXPECT_EQ(v6.text(), "tcp://[::1]:9559");
  EXPECT_EQ(ok("tcps://[fe80::1]").port, kQiTlsPort);
  EXPECT_THAT(refused("tcp://::1:9559"), HasSubstr("brackets"));
  EXPECT_THAT(refused("tcp://[::1"), HasSubstr("brackets"));
  EXPECT_THAT(refused("tcp://[::1]x"), HasSubstr("expected"));
}

TEST(QiUrl, PortZeroOnlyToListen) {
  EXPECT_EQ(ok("tcp://127.0.0.1:0", UrlUse::Listen).port, 0);
  EXPECT_THAT(refused("tcp://127.0.0.1:0"), HasSubstr("from 1 to 65535"));
  EXPECT_THAT(refused("tcp://127.0.0.1:65536", UrlUse::Listen), HasSubstr("from 0 to 65535"));
  EXPECT_THAT(refused("tcp://127.0.0.1:99999999999"), HasSubstr("port"));
  EXPECT_THAT(refused("tcp://127.0.0.1:95a9"), HasSubstr("port"));
  EXPECT_THAT(refused("tcp://127.0.0.1:"), HasSubstr("no port"));
}

TEST(QiUrl, WhatIsNotAQiUrlSaysWhy) {
  EXPECT_THAT(refused("http://x:1"), HasSubstr("not a qi URL"));
  EXPECT_THAT(refused("x:1"), HasSubstr("'x:1'"));
  EXPECT_THAT(refused("tcp://:9559"), HasSubstr("no host"));
  EXPECT_THAT(refused("tcp://"), HasSubstr("no host"));
  EXPECT_THAT(refused("tcp://host:9559/path"), HasSubstr("port"));
  EXPECT_THAT(refused("tcp://user@host:9559"), HasSubstr("expected"));
  EXPECT_TRUE(looksLikeUrl("tcps://whatever"));
  EXPECT_FALSE(looksLikeUrl("pepper"));
}

}  // namespace
}  // namespace autolife::net
