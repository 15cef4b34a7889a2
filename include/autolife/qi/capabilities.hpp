// The capability handshake (REFERENCE §10): the `{sm}` map a client sends
// as its first call (service 0, action 8) and the server's answer. Shared by
// the clients (src/qiclient, src/remote); the server's side is in
// src/qiserver.
//
// Credentials travel as libqi sends them: its authenticator's fields with
// the "auth_" prefix. NAOqi 2.9 robots want `auth_user` and `auth_token`;
// `autolife serve` beyond loopback wants `auth_token`.
#pragma once

#include <string>

#include "autolife/qi/signature.hpp"
#include "autolife/qi/value.hpp"

namespace autolife::qi {

const Signature& capabilityMapSignature();  // {sm}

// What a client offers: libqi's capabilities (MetaObjectCache off), and the
// credentials that are not empty.
Value clientCapabilities(const std::string& user, const std::string& token);

struct HandshakeAnswer {
  bool accepted = false;   // __qi_auth_state 3 ("done")
  bool objectUid = false;  // both ends use ObjectPtrUID
  std::string refusal;     // why not, when the server said
};
HandshakeAnswer readHandshakeAnswer(const Value& capabilityMap);

// The credentials a client sent: auth_user / auth_token (or user / token).
struct Credentials {
  std::string user, token;
};
Credentials readCredentials(const Value& capabilityMap);

}  // namespace autolife::qi
