// TLS contexts (Asio's ssl::context) and the self-signed certificate
// `serve --qi tcps://` makes on first use (OpenSSL 3's API).
#include <fcntl.h>
#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <stdexcept>

#include "tls_impl.hpp"

namespace autolife::net {

namespace ssl = boost::asio::ssl;

TlsContext::TlsContext() = default;
TlsContext::~TlsContext() = default;

namespace {

// TLS 1.2 and later only, as NAOqi 2.9.
void modernOnly(ssl::context& c) {
  c.set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
}

}  // namespace

std::shared_ptr<TlsContext> TlsContext::client() {
  std::shared_ptr<TlsContext> t(new TlsContext());
  t->impl_ = std::make_unique<Impl>(ssl::context::tls_client);
  modernOnly(t->impl_->context);
  t->impl_->context.set_verify_mode(ssl::verify_none);
  return t;
}

std::shared_ptr<TlsContext> TlsContext::server(const std::filesystem::path& certificate, const std::filesystem::path& key) {
  std::shared_ptr<TlsContext> t(new TlsContext());
  t->impl_ = std::make_unique<Impl>(ssl::context::tls_server);
  modernOnly(t->impl_->context);
  boost::system::error_code ec;
  t->impl_->context.use_certificate_chain_file(certificate.string(), ec);
  if (ec) throw std::runtime_error("cannot use the TLS certificate " + certificate.string() + ": " + ec.message());
  t->impl_->context.use_private_key_file(key.string(), ssl::context::pem, ec);
  if (ec) throw std::runtime_error("cannot use the TLS key " + key.string() + ": " + ec.message());
  if (SSL_CTX_check_private_key(t->impl_->context.native_handle()) != 1)
    throw std::runtime_error("the TLS key " + key.string() + " does not match the certificate " + certificate.string());
  return t;
}

// ---- the self-signed certificate ------------------------------------------------

namespace {

template <class T, void (*Free)(T*)>
struct Freer {
  void operator()(T* p) const { Free(p); }
};
using Key = std::unique_ptr<EVP_PKEY, Freer<EVP_PKEY, EVP_PKEY_free>>;
using Certificate = std::unique_ptr<X509, Freer<X509, X509_free>>;
using Extension = std::unique_ptr<X509_EXTENSION, Freer<X509_EXTENSION, X509_EXTENSION_free>>;

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error("cannot make a TLS certificate: " + what); }

// A P-256 key and a certificate for it, signed by itself: CN autolife,
// valid for localhost and 127.0.0.1 (clients do not check it: robots'
// certificates are self-signed too), for ten years.
std::pair<Key, Certificate> makeSelfSigned() {
  Key key(EVP_EC_gen("P-256"));
  if (!key) fail("no key");
  Certificate cert(X509_new());
  if (!cert) fail("no certificate");
  X509_set_version(cert.get(), 2);
  unsigned char serial[16];
  if (RAND_bytes(serial, sizeof serial) != 1) fail("no random serial number");
  serial[0] &= 0x7f;  // positive
  BIGNUM* bn = BN_bin2bn(serial, sizeof serial, nullptr);
  BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(cert.get()));
  BN_free(bn);
  X509_gmtime_adj(X509_getm_notBefore(cert.get()), -60);
  X509_gmtime_adj(X509_getm_notAfter(cert.get()), 10L * 365 * 24 * 3600);
  X509_set_pubkey(cert.get(), key.get());
  X509_NAME* name = X509_get_subject_name(cert.get());
  X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("autolife"), -1, -1, 0);
  X509_set_issuer_name(cert.get(), name);
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  X509V3_set_ctx(&ctx, cert.get(), cert.get(), nullptr, nullptr, 0);
  Extension san(X509V3_EXT_conf_nid(nullptr, &ctx, NID_subject_alt_name, "DNS:localhost,IP:127.0.0.1,IP:::1"));
  if (!san || X509_add_ext(cert.get(), san.get(), -1) != 1) fail("no subjectAltName");
  if (X509_sign(cert.get(), key.get(), EVP_sha256()) == 0) fail("cannot sign it");
  return {std::move(key), std::move(cert)};
}

// Writes with `write` into a new file of mode `mode`, then moves it in place.
template <class Write>
void writeFile(const std::filesystem::path& path, mode_t mode, Write write) {
  const auto partial = path.string() + ".partial";
  ::unlink(partial.c_str());
  const int fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_EXCL, mode);
  if (fd < 0) fail("cannot create " + partial);
  FILE* f = ::fdopen(fd, "w");
  if (!f) {
    ::close(fd);
    fail("cannot write " + partial);
  }
  const bool ok = write(f) == 1;
  if (std::fclose(f) != 0 || !ok) fail("cannot write " + partial);
  std::error_code ec;
  std::filesystem::rename(partial, path, ec);
  if (ec) fail("cannot move " + partial + " to " + path.string() + ": " + ec.message());
}

}  // namespace

CertificateFiles selfSignedCertificate(const std::filesystem::path& dataFolder) {
  CertificateFiles files{dataFolder / "qi-tls-certificate.pem", dataFolder / "qi-tls-key.pem", false};
  if (std::filesystem::exists(files.certificate) && std::filesystem::exists(files.key)) return files;
  // Named, not a structured binding: clang (the fuzz preset) cannot capture those.
  const auto made = makeSelfSigned();
  const Key& key = made.first;
  const Certificate& cert = made.second;
  writeFile(files.key, 0600, [&](FILE* f) { return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr); });
  writeFile(files.certificate, 0644, [&](FILE* f) { return PEM_write_X509(f, cert.get()); });
  files.created = true;
  return files;
}

}  // namespace autolife::net
