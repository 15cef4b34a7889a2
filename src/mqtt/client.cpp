#include "autolife/mqtt/client.hpp"

#include <mosquitto.h>
#include <mqtt_protocol.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <random>
#include <stdexcept>
#include <thread>

namespace autolife::mqtt {

namespace {

// libmosquitto's global state, made once for the process and never torn
// down (clients may live until exit).
void initialiseLibrary() {
  static std::once_flag once;
  std::call_once(once, [] { mosquitto_lib_init(); });
}

// A client id no other client has: the broker drops the older of two
// connections with one id, and two of ours would take turns forever.
std::string uniqueId(const std::string& asked) {
  if (!asked.empty()) return asked;
  std::random_device random;
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id = "autolife-";
  for (int i = 0; i < 12; ++i) id += kHex[random() % 16];
  return id;
}

// A property list freed with the object.
struct Properties {
  mosquitto_property* list = nullptr;
  ~Properties() { mosquitto_property_free_all(&list); }
};

// libmosquitto's sentence for `rc`, without its final period (it goes
// inside ours).
std::string errorText(int rc) {
  std::string text = rc == MOSQ_ERR_ERRNO ? std::strerror(errno) : mosquitto_strerror(rc);
  if (text.ends_with('.')) text.pop_back();
  return text;
}

}  // namespace

std::variant<net::Url, std::string> parseBrokerUrl(std::string_view text) {
  return net::parseUrl(text, net::UrlUse::Connect, net::kMqttScheme);
}

std::string brokerText(const net::Url& b) {
  const bool v6 = b.host.find(':') != std::string::npos;
  return std::string(b.tls ? net::kMqttScheme.secure : net::kMqttScheme.plain) + "://" + (v6 ? "[" + b.host + "]" : b.host) +
         ":" + std::to_string(b.port);
}

struct Client::Impl {
  Impl(ClientOptions o, Handlers h) : options(std::move(o)), handlers(std::move(h)) {
    initialiseLibrary();
    options.clientId = uniqueId(options.clientId);
    mosq = mosquitto_new(options.clientId.c_str(), true, this);
    if (!mosq) throw std::runtime_error("cannot make an MQTT client: " + errorText(MOSQ_ERR_ERRNO));
    mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V5);
    mosquitto_int_option(mosq, MOSQ_OPT_TCP_NODELAY, 1);
    mosquitto_threaded_set(mosq, true);  // publish() from other threads wakes our loop
    configure();
    mosquitto_connect_v5_callback_set(mosq, [](mosquitto*, void* self, int rc, int, const mosquitto_property*) {
      static_cast<Impl*>(self)->onConnack(rc);
    });
    mosquitto_message_v5_callback_set(
        mosq, [](mosquitto*, void* self, const mosquitto_message* m, const mosquitto_property* p) {
          static_cast<Impl*>(self)->onMessage(*m, p);
        });
  }
  ~Impl() { mosquitto_destroy(mosq); }

  void configure() {
    if (!options.user.empty())
      check(mosquitto_username_pw_set(mosq, options.user.c_str(), options.password.empty() ? nullptr : options.password.c_str()),
            "the user name and password");
    if (options.broker.tls) {
      if (options.caFile.empty())
        check(mosquitto_int_option(mosq, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "the system's CA certificates");
      else
        check(mosquitto_tls_set(mosq, options.caFile.c_str(), nullptr, nullptr, nullptr, nullptr),
              "the CA file " + options.caFile);
    }
    if (const auto& w = options.will)
      check(mosquitto_will_set_v5(mosq, w->topic.c_str(), static_cast<int>(w->payload.size()), w->payload.data(), w->qos,
                                  w->retain, nullptr),
            "the will on " + w->topic);
  }

  static void check(int rc, const std::string& what) {
    if (rc != MOSQ_ERR_SUCCESS) throw std::runtime_error("MQTT: " + what + ": " + errorText(rc));
  }

  // ---- libmosquitto's callbacks, on our thread, inside mosquitto_loop ----

  void onConnack(int reason) {
    if (reason == 0) {
      justConnected = true;  // acted on once mosquitto_loop returns (run)
      return;
    }
    std::lock_guard lock(mutex);
    refusal = std::string("the broker refused the connection: ") + mosquitto_reason_string(reason);
  }

  void onMessage(const mosquitto_message& m, const mosquitto_property* properties) {
    Message message;
    message.topic = m.topic ? m.topic : "";
    if (m.payload && m.payloadlen > 0) message.payload.assign(static_cast<const char*>(m.payload), static_cast<std::size_t>(m.payloadlen));
    message.qos = m.qos;
    message.retain = m.retain;
    char* responseTopic = nullptr;
    if (mosquitto_property_read_string(properties, MQTT_PROP_RESPONSE_TOPIC, &responseTopic, false)) {
      message.responseTopic = responseTopic;
      std::free(responseTopic);
    }
    void* correlation = nullptr;
    std::uint16_t length = 0;
    if (mosquitto_property_read_binary(properties, MQTT_PROP_CORRELATION_DATA, &correlation, &length, false)) {
      message.correlation.emplace(static_cast<const char*>(correlation), length);
      std::free(correlation);
    }
    if (handlers.message) handlers.message(message);
  }

  // ---- the thread ----

  void run() {
    auto delay = options.backoff.first;
    bool first = true;
    while (!stopping) {
      const auto host = options.broker.host;
      const int port = options.broker.port;
      const int keepalive = static_cast<int>(options.keepalive.count());
      int rc = first ? mosquitto_connect_bind_async(mosq, host.c_str(), port, keepalive, nullptr)
                     : mosquitto_reconnect_async(mosq);
      first = false;
      while (rc == MOSQ_ERR_SUCCESS && !stopping) {
        rc = mosquitto_loop(mosq, kLoopTimeoutMs, 1);
        if (justConnected.exchange(false)) {
          delay = options.backoff.first;
          established();
        }
      }
      if (stopping) break;
      if (connected.exchange(false) || !outage) lost(rc);
      waitBackoff(delay);
      delay = std::min(delay * 2, options.backoff.most);
    }
    finish();
  }

  // After CONNACK: subscriptions first, then what the owner publishes. Out
  // of libmosquitto's callback on purpose: a QoS 1 message published inside
  // it would be sent twice (its retry pass follows the callback).
  void established() {
    {
      std::lock_guard lock(mutex);
      for (const auto& f : subscriptions) mosquitto_subscribe_v5(mosq, nullptr, f.c_str(), 1, 0, nullptr);
      refusal.clear();
      connected = true;
    }
    outage = false;
    if (handlers.connected) handlers.connected();
  }

  void lost(int rc) {
    outage = true;
    std::string why;
    {
      std::lock_guard lock(mutex);
      why = refusal.empty() ? errorText(rc) : refusal;
    }
    if (handlers.unreachable) handlers.unreachable(why);
  }

  // The delay, a quarter of it random: a fleet whose broker restarts does
  // not come back all in the same instant.
  void waitBackoff(std::chrono::milliseconds delay) {
    std::uniform_int_distribution<long long> spread(0, delay.count() / 4);
    const auto wait = delay - delay / 8 + std::chrono::milliseconds(spread(random));
    std::unique_lock lock(mutex);
    wake.wait_for(lock, wait, [this] { return stopping.load(); });
  }

  // Stopping: the DISCONNECT, queued by stop(), is written before the
  // socket closes (a short grace: a dead broker does not hold us).
  void finish() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (std::chrono::steady_clock::now() < deadline && mosquitto_loop(mosq, 100, 1) == MOSQ_ERR_SUCCESS) {
    }
    connected = false;
  }

  static constexpr int kLoopTimeoutMs = 1000;

  ClientOptions options;
  Handlers handlers;
  mosquitto* mosq = nullptr;
  std::thread thread;
  std::mutex mutex;  // subscriptions, refusal; the backoff's wait
  std::condition_variable wake;
  std::vector<std::string> subscriptions;
  std::string refusal;  // why the broker last refused us, until a connection
  std::atomic<bool> stopping{false};
  std::atomic<bool> connected{false};
  std::atomic<bool> justConnected{false};
  bool outage = false;  // said unreachable since the last connection (the thread's)
  std::minstd_rand random{std::random_device{}()};
};

Client::Client(ClientOptions options, Handlers handlers)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(handlers))) {}

Client::~Client() { stop(); }

void Client::subscribe(const std::string& filter) {
  std::lock_guard lock(impl_->mutex);  // established() reads the list and sets `connected` under it
  impl_->subscriptions.push_back(filter);
  if (impl_->connected) mosquitto_subscribe_v5(impl_->mosq, nullptr, filter.c_str(), 1, 0, nullptr);
}

void Client::start() {
  if (impl_->thread.joinable() || impl_->stopping) return;
  impl_->thread = std::thread([impl = impl_.get()] { impl->run(); });
}

void Client::stop(bool sendWill) {
  if (impl_->stopping.exchange(true)) return;
  mosquitto_disconnect_v5(impl_->mosq, sendWill ? MQTT_RC_DISCONNECT_WITH_WILL_MSG : MQTT_RC_NORMAL_DISCONNECTION,
                          nullptr);
  {
    std::lock_guard lock(impl_->mutex);
    impl_->wake.notify_all();
  }
  if (impl_->thread.joinable()) impl_->thread.join();
}

bool Client::publish(const Message& m) {
  if (!impl_->connected) return false;
  Properties properties;
  if (!m.responseTopic.empty()) mosquitto_property_add_string(&properties.list, MQTT_PROP_RESPONSE_TOPIC, m.responseTopic.c_str());
  if (m.correlation)
    mosquitto_property_add_binary(&properties.list, MQTT_PROP_CORRELATION_DATA, m.correlation->data(),
                                  static_cast<std::uint16_t>(std::min<std::size_t>(m.correlation->size(), 65535)));
  const int rc = mosquitto_publish_v5(impl_->mosq, nullptr, m.topic.c_str(), static_cast<int>(m.payload.size()),
                                      m.payload.data(), m.qos, m.retain, properties.list);
  return rc == MOSQ_ERR_SUCCESS;
}

bool Client::connected() const { return impl_->connected; }

const ClientOptions& Client::options() const { return impl_->options; }

}  // namespace autolife::mqtt
