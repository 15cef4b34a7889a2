// The data folder's disk fills up under `autolife serve`: a real tmpfs of
// 1 MiB mounted over the data folder (private_tmpfs.hpp), filled by another
// file. Writes the database cannot keep are refused with `storage-failed`
// and change nothing; the server and Life go on; once space is freed,
// writes work again; after SIGKILL and a restart on the same file system,
// everything acknowledged is there and nothing refused is. Skipped (with
// the reason) where a tmpfs cannot be mounted.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iostream>

#include "../api/api_client.hpp"
#include "files.hpp"
#include "../support/serve_process.hpp"
#include "private_tmpfs.hpp"

namespace {

using namespace autolife::test;
using autolife::faulttest::PrivateTmpfs;
using testing::HasSubstr;

// Writes `file` until the file system is full; the bytes written.
std::size_t fill(const std::filesystem::path& file) {
  const int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) throw std::runtime_error("cannot create " + file.string());
  const std::string chunk(4096, 'x');
  std::size_t total = 0;
  for (;;) {
    const auto n = write(fd, chunk.data(), chunk.size());
    if (n <= 0) break;  // ENOSPC
    total += static_cast<std::size_t>(n);
  }
  close(fd);
  return total;
}

Json result(WsClient& client, const std::string& method, const Json& params = Json::array()) {
  const Json answer = client.call(method, params);
  EXPECT_TRUE(answer.contains("result")) << method << ": " << answer;
  return answer.value("result", Json());
}

TEST(FullDisk, AFullDiskForTheDataDir) {
  autolife::test::TempDir dir;
  PrivateTmpfs disk(dir.path() / "data", "1m");
  if (!disk.usable()) GTEST_SKIP() << disk.problem();
  std::ofstream(dir.path() / "scenario.yaml") << "activities:\n  - name: test/manual\n  - name: test/other\n";
  const std::vector<std::string> args{"--data", (dir.path() / "data").string(), "--scenario",
                                      (dir.path() / "scenario.yaml").string()};
  constexpr int kKept = 20;
  const std::string big(16 * 1024, 'v');
  int acceptedWhileFull = 0;
  {
    ServeProcess serve(args, disk.namespaceFd());
    WsClient client(serve.port());
    for (int i = 0; i < kKept; ++i) result(client, "ALPreferenceManager.setValue", {"kept", "k" + std::to_string(i), std::to_string(i)});
    result(client, "ALAutonomousLife.switchFocus", {"test/manual"});
    ASSERT_TRUE(std::filesystem::exists(disk.inside("autolife.db")));

    const std::size_t filled = fill(disk.inside("filler"));
    ASSERT_GT(filled, 0u);
    // The database may still have room in pages it already holds: write
    // until it has none (a 1 MiB disk holds fewer than 64 of these).
    Json refused;
    for (int i = 0; i < 64 && refused.is_null(); ++i) {
      const Json answer = client.call("ALPreferenceManager.setValue", {"full", "b" + std::to_string(i), big});
      if (answer.contains("error")) refused = answer;
      else ++acceptedWhileFull;
    }
    ASSERT_FALSE(refused.is_null()) << "the disk never refused a write";
    std::cout << "disk filled with " << filled << " bytes; " << acceptedWhileFull
              << " writes fitted in the database's pages, then: " << refused << "\n";
    EXPECT_EQ(refused["error"]["data"]["reason"], "storage-failed");
    EXPECT_THAT(refused["error"]["message"].get<std::string>(), HasSubstr("autolife.db"));
    EXPECT_THAT(refused["error"]["message"].get<std::string>(), HasSubstr("full"));
    const std::string refusedKey = "b" + std::to_string(acceptedWhileFull);
    EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"full", refusedKey}), nullptr);  // nothing changed

    // Life goes on (a focus it cannot record is reported on stderr).
    result(client, "ALAutonomousLife.switchFocus", {"test/other"});
    EXPECT_EQ(result(client, "ALAutonomousLife.focusedActivity"), "test/other");
    EXPECT_EQ(result(client, "ALAutonomousLife.getState"), "solitary");
    EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"kept", "k0"}), "0");

    // Space comes back: the next write is kept.
    std::filesystem::remove(disk.inside("filler"));
    result(client, "ALPreferenceManager.setValue", {"after", "freed", "yes"});
    EXPECT_EQ(serve.stop(SIGKILL), 128 + SIGKILL);
  }
  ServeProcess serve(args, disk.namespaceFd());
  WsClient client(serve.port());
  for (int i = 0; i < kKept; ++i)
    EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"kept", "k" + std::to_string(i)}), std::to_string(i));
  const Json full = result(client, "ALPreferenceManager.getValueList", {"full"});
  EXPECT_EQ(full.size(), static_cast<std::size_t>(acceptedWhileFull));
  for (const auto& pair : full) EXPECT_EQ(pair[1], big);
  EXPECT_EQ(result(client, "ALPreferenceManager.getValue", {"after", "freed"}), "yes");
  const Json history = result(client, "ALAutonomousLife.getFocusHistory");
  ASSERT_FALSE(history.empty());
  EXPECT_EQ(history[0][0], "test/manual");
  EXPECT_EQ(serve.stop(SIGTERM), 0);
}

}  // namespace
