// `autolife serve` as users run it: the real binary on a free port, its
// first line, calls over the network, the token beyond loopback, and a
// clean shutdown on SIGTERM and SIGINT.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "api_client.hpp"

namespace {

using namespace autolife::test;

// A running `autolife serve`, its stdout read line by line.
class Serve {
public:
  explicit Serve(std::vector<std::string> args) {
    int out[2], err[2];
    if (pipe(out) || pipe(err)) throw std::runtime_error("pipe");
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      dup2(err[1], 2);
      close(out[0]), close(out[1]), close(err[0]), close(err[1]);
      if (std::find(args.begin(), args.end(), "--port") == args.end()) args.insert(args.begin(), {"--port", "0"});
      args.insert(args.begin(), {AUTOLIFE_BINARY, "serve"});
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]), close(err[1]);
    out_ = out[0];
    err_ = err[0];
  }
  ~Serve() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(out_), close(err_);
  }

  // The next line on `fd`, waiting at most the tests' timeout.
  std::string line(bool fromStderr = false) {
    std::string& pending = fromStderr ? errText_ : outText_;
    const int fd = fromStderr ? err_ : out_;
    const auto deadline = std::chrono::steady_clock::now() + kTimeout;
    while (pending.find('\n') == std::string::npos) {
      pollfd p{fd, POLLIN, 0};
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 || poll(&p, 1, static_cast<int>(left.count())) <= 0) throw std::runtime_error("no line");
      char buf[4096];
      const auto n = read(fd, buf, sizeof buf);
      if (n <= 0) throw std::runtime_error("closed: " + pending);
      pending.append(buf, static_cast<std::size_t>(n));
    }
    auto end = pending.find('\n');
    std::string l = pending.substr(0, end);
    pending.erase(0, end + 1);
    return l;
  }

  unsigned short port() {
    auto listening = Json::parse(line())["listening"].get<std::string>();
    return static_cast<unsigned short>(std::stoi(listening.substr(listening.rfind(':') + 1)));
  }

  int stop(int signal) {
    kill(pid_, signal);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

private:
  pid_t pid_ = -1;
  int out_ = -1, err_ = -1;
  std::string outText_, errText_;
};

struct TempDir {
  TempDir() : path(std::filesystem::temp_directory_path() / ("autolife-serve-" + std::to_string(getpid()) + "-" +
                                                              std::to_string(counter++))) {
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::filesystem::path path;
  static inline int counter = 0;
};

TEST(ServeCli, ServesLifeWithThePackagesOfAFolderAndStopsCleanlyOnSigterm) {
  TempDir data;
  Serve serve({"--data", data.path.string(), "--packages", std::string(AUTOLIFE_SOURCE_DIR) + "/examples/packages"});
  const auto port = serve.port();
  EXPECT_EQ(rpcOverHttp(port, "ALAutonomousLife.getState")["result"], "solitary");
  auto installed = rpcOverHttp(port, "PackageManager.packages")["result"];
  EXPECT_GE(installed.size(), 3u) << installed;
  WsClient client{port};
  EXPECT_EQ(client.call("ALMemory.insertData", {"k", 1})["result"], nullptr);
  EXPECT_EQ(serve.stop(SIGTERM), 0);
  EXPECT_FALSE(std::filesystem::exists(data.path / "token"));  // loopback: no token
}

TEST(ServeCli, StopsCleanlyOnSigintWithClientsConnected) {
  TempDir data;
  Serve serve({"--data", data.path.string()});
  const auto port = serve.port();
  WsClient client{port};
  client.call("subscribe", {{"event", "AutonomousLife/State"}});
  EXPECT_EQ(serve.stop(SIGINT), 0);
}

TEST(ServeCli, RunsAScenariosStepsOnTheRealClock) {
  TempDir data;
  const auto scenario = data.path / "s.yaml";
  std::ofstream(scenario) << "steps:\n  - t: 0\n    set: {Greeting: hello}\n";
  Serve serve({"--data", data.path.string(), "--scenario", scenario.string()});
  const auto port = serve.port();
  WsClient client{port};
  // The step at t=0 ran before the server listened.
  EXPECT_EQ(client.call("ALMemory.getData", {"Greeting"})["result"], "hello");
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

TEST(ServeCli, BeyondLoopbackATokenIsGeneratedShownOnceAndRequired) {
  TempDir data;
  std::string token;
  {
    Serve serve({"--host", "0.0.0.0", "--data", data.path.string()});
    const auto port = serve.port();
    const auto shown = serve.line(true);
    token = shown.substr(shown.rfind(' ') + 1);
    EXPECT_EQ(token.size(), 64u) << shown;
    EXPECT_EQ(httpRequest(port, "POST", "/api", R"({"jsonrpc":"2.0","id":1,"method":"describe"})").status, 401);
    EXPECT_EQ(httpRequest(port, "POST", "/api", R"({"jsonrpc":"2.0","id":1,"method":"describe"})",
                          {{"Authorization", "Bearer " + token}})
                  .status,
              200);
    EXPECT_EQ(serve.stop(SIGTERM), 0);
  }
  struct stat st {};
  ASSERT_EQ(stat((data.path / "token").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0600u);
  std::string stored;
  std::getline(std::ifstream(data.path / "token"), stored);
  EXPECT_EQ(stored, token);
  // The second start reuses it and does not show it again.
  Serve again({"--host", "0.0.0.0", "--data", data.path.string()});
  const auto port = again.port();
  EXPECT_EQ(httpRequest(port, "POST", "/api?token=" + token, R"({"jsonrpc":"2.0","id":1,"method":"describe"})").status,
            200);
  EXPECT_EQ(again.stop(SIGTERM), 0);
}

TEST(ServeCli, APortInUseIsReported) {
  TempDir data;
  Serve first({"--data", data.path.string()});
  const auto port = first.port();
  Serve second({"--data", data.path.string(), "--port", std::to_string(port)});
  EXPECT_NE(second.line(true).find("cannot listen"), std::string::npos);
  EXPECT_EQ(second.stop(SIGTERM), 2);
}

}  // namespace
