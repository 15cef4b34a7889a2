#include "autolife/api/token.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <random>
#include <stdexcept>

#include <boost/asio/ip/address.hpp>

namespace autolife::api {

namespace {

std::string randomHex(std::size_t bytes) {
  std::random_device random;  // /dev/urandom
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < bytes; ++i) {
    const auto b = random() & 0xff;
    out += digits[b >> 4];
    out += digits[b & 0xf];
  }
  return out;
}

void writePrivate(const std::filesystem::path& file, const std::string& text) {
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) throw std::runtime_error("cannot create " + file.string());
  const std::string line = text + "\n";
  const bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  ::close(fd);
  if (!ok) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace

Token loadOrCreateToken(const std::filesystem::path& dataDir) {
  const auto file = dataDir / "token";
  std::ifstream in(file);
  std::string value;
  if (in && std::getline(in, value) && !value.empty()) return {value, false};
  std::filesystem::create_directories(dataDir);
  value = randomHex(32);
  writePrivate(file, value);
  return {value, true};
}

bool isLoopback(const std::string& host) {
  if (host == "localhost") return true;
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(host, ec);
  return !ec && address.is_loopback();
}

}  // namespace autolife::api
