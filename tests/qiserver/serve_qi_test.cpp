// `autolife serve --qi URL` as users run it: the real binary, its first
// line naming the qi address, a NAOqi-style client in this process talking
// to it, and a bad --qi refused before anything starts.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>

#include "autolife/core/value_json.hpp"
#include "autolife/qiclient/client.hpp"
#include "process.hpp"
#include "../support/serve_process.hpp"

namespace {

using nlohmann::json;

// `autolife serve ARGS` with a fresh data folder; its first stdout line.
class Serve : public autolife::test::ServeProcess {
public:
  explicit Serve(std::vector<std::string> args)
      : ServeProcess(withData(std::move(args))) {}
  ~Serve() { std::filesystem::remove_all(data()); }
  json firstLine() { return json::parse(line()); }
  int stop() { return ServeProcess::stop(SIGTERM); }

private:
  static std::filesystem::path data() {
    return std::filesystem::temp_directory_path() / ("autolife-qi-serve-" + std::to_string(getpid()));
  }
  static std::vector<std::string> withData(std::vector<std::string> args) {
    args.insert(args.begin(), {"--data", data().string()});
    return args;
  }
};

TEST(ServeQi, ListensForQiClientsWhereToldAndSaysWhere) {
  Serve serve({"--qi", "tcp://127.0.0.1:0"});
  const json line = serve.firstLine();
  ASSERT_TRUE(line.contains("qi")) << line;
  const std::string url = line["qi"];
  EXPECT_EQ(url.rfind("tcp://127.0.0.1:", 0), 0u) << url;
  autolife::qiclient::Client client(url);
  EXPECT_EQ(autolife::core::valueToJson(client.call("ALAutonomousLife", "getState", {})), "solitary");
  EXPECT_EQ(autolife::core::valueToJson(client.call("ALMemory", "insertData", {"from/qi", 3})), nullptr);
  EXPECT_EQ(autolife::core::valueToJson(client.call("ALMemory", "getData", {"from/qi"})), 3);
  EXPECT_EQ(serve.stop(), 0);
}

TEST(ServeQi, OffMeansNoQiServer) {
  Serve serve({"--qi", "off"});
  const json line = serve.firstLine();
  EXPECT_TRUE(line.contains("listening"));
  EXPECT_FALSE(line.contains("qi")) << line;
}

// Issue 31: --require-token demands the token on loopback too; a client
// without it (or with another) is refused with the reason, as libqi's
// servers refuse a login: an Error, then the connection closes.
TEST(ServeQi, RequireTokenDemandsItOnLoopbackAndSaysWhyItRefuses) {
  Serve serve({"--qi", "tcp://127.0.0.1:0", "--require-token"});
  const std::string url = serve.firstLine()["qi"];
  const std::string shown = serve.line(true);
  const std::string token = shown.substr(shown.rfind(' ') + 1);
  ASSERT_EQ(token.size(), 64u) << shown;
  for (const std::string& wrong : {std::string(), std::string("guess")}) {
    autolife::qiclient::ClientOptions options;
    options.token = wrong;
    try {
      autolife::qiclient::Client refused(url, options);
      ADD_FAILURE() << "a login with token '" << wrong << "' was accepted";
    } catch (const autolife::qiclient::Error& e) {
      EXPECT_NE(std::string(e.what()).find("Authentication failed: "), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find(wrong.empty() ? "requires a token" : "the token is wrong"), std::string::npos)
          << e.what();
    }
  }
  autolife::qiclient::ClientOptions login;
  login.user = "nao";
  login.token = token;
  autolife::qiclient::Client client(url, login);
  EXPECT_EQ(autolife::core::valueToJson(client.call("ALAutonomousLife", "getState", {})), "solitary");
  EXPECT_EQ(serve.stop(), 0);
}

TEST(ServeQi, ABadQiUrlIsRefusedWithStatus2) {
  auto result = autolife::testing::runProcess({AUTOLIFE_BINARY, "serve", "--port", "0", "--qi", "http://x:1"});
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("not a qi URL"), std::string::npos) << result.err;
  result = autolife::testing::runProcess({AUTOLIFE_BINARY, "serve", "--port", "0", "--qi", "tcp://[::1"});
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("brackets"), std::string::npos) << result.err;
}

}  // namespace
