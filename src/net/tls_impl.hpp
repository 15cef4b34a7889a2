// TlsContext's insides (private to src/net): the Asio ssl context.
#pragma once

#include <boost/asio/ssl/context.hpp>

#include "autolife/net/stream.hpp"

namespace autolife::net {

struct TlsContext::Impl {
  explicit Impl(boost::asio::ssl::context::method method) : context(method) {}
  boost::asio::ssl::context context;
};

}  // namespace autolife::net
