// `autolife serve --qi URL` as users run it: the real binary, its first
// line naming the qi address, a NAOqi-style client in this process talking
// to it, and a bad --qi refused before anything starts.
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>

#include "autolife/qiclient/client.hpp"
#include "process.hpp"

namespace {

using nlohmann::json;

// `autolife serve ARGS` with a fresh data folder; its first stdout line.
class Serve {
public:
  explicit Serve(std::vector<std::string> args)
      : data_(std::filesystem::temp_directory_path() / ("autolife-qi-serve-" + std::to_string(getpid()))) {
    int out[2];
    if (pipe(out)) throw std::runtime_error("pipe");
    args.insert(args.begin(), {AUTOLIFE_BINARY, "serve", "--port", "0", "--data", data_.string()});
    pid_ = fork();
    if (pid_ == 0) {
      dup2(out[1], 1);
      close(out[0]), close(out[1]);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    out_ = out[0];
  }
  ~Serve() {
    if (pid_ > 0) stop();
    close(out_);
    std::filesystem::remove_all(data_);
  }
  json firstLine() {
    std::string text;
    while (text.find('\n') == std::string::npos) {
      pollfd p{out_, POLLIN, 0};
      if (poll(&p, 1, 20000) <= 0) throw std::runtime_error("no first line");
      char buffer[1024];
      const auto n = read(out_, buffer, sizeof buffer);
      if (n <= 0) throw std::runtime_error("closed: " + text);
      text.append(buffer, static_cast<std::size_t>(n));
    }
    return json::parse(text.substr(0, text.find('\n')));
  }
  int stop() {
    kill(pid_, SIGTERM);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

private:
  std::filesystem::path data_;
  pid_t pid_ = -1;
  int out_ = -1;
};

TEST(ServeQi, ListensForQiClientsWhereToldAndSaysWhere) {
  Serve serve({"--qi", "tcp://127.0.0.1:0"});
  const json line = serve.firstLine();
  ASSERT_TRUE(line.contains("qi")) << line;
  const std::string url = line["qi"];
  EXPECT_EQ(url.rfind("tcp://127.0.0.1:", 0), 0u) << url;
  autolife::qiclient::Client client(url);
  EXPECT_EQ(client.call("ALAutonomousLife", "getState", json::array()), "solitary");
  EXPECT_EQ(client.call("ALMemory", "insertData", {"from/qi", 3}), nullptr);
  EXPECT_EQ(client.call("ALMemory", "getData", {"from/qi"}), 3);
  EXPECT_EQ(serve.stop(), 0);
}

TEST(ServeQi, OffMeansNoQiServer) {
  Serve serve({"--qi", "off"});
  const json line = serve.firstLine();
  EXPECT_TRUE(line.contains("listening"));
  EXPECT_FALSE(line.contains("qi")) << line;
}

TEST(ServeQi, ABadQiUrlIsRefusedWithStatus2) {
  const auto result = autolife::testing::runProcess({AUTOLIFE_BINARY, "serve", "--port", "0", "--qi", "tcps://x:1"});
  EXPECT_EQ(result.status, 2);
  EXPECT_NE(result.err.find("tcps (TLS) is not supported"), std::string::npos) << result.err;
}

}  // namespace
