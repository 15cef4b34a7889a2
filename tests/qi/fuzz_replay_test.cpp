// Replays fuzz/corpus/qi_message/ (seeds from the captured sessions, plus
// whatever fuzz/run found and was kept) through the fuzz target's entry
// point: it aborts on any broken invariant (docs/qi.md, "Bad input").
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

TEST(QiFuzzCorpus, EverySeedPassesTheTargetsChecks) {
  const std::filesystem::path corpus = std::filesystem::path(AUTOLIFE_SOURCE_DIR) / "fuzz/corpus/qi_message";
  int seeds = 0;
  for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    SCOPED_TRACE(entry.path().filename().string());
    EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()), 0);
    ++seeds;
  }
  EXPECT_GE(seeds, 30);
}

}  // namespace
