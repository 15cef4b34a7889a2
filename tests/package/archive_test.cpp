// .pkg extraction refuses every entry that would land outside the install
// folder, archives without manifest.xml at the root, and archives that
// cost too much; each refusal names the entry, and nothing is written
// outside the destination. Archives are built here with libzip.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "autolife/package/archive.hpp"
#include "helpers.hpp"

namespace autolife::package {
namespace {

using testing::describe;
using testing::listTree;
using testing::readText;
using test::TempDir;
using testing::writeText;
using testing::writeZip;
using testing::ZipEntry;
using Kind = ZipEntry::Kind;
namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

const ZipEntry kManifest{"manifest.xml", "<package uuid=\"p\" version=\"1\"/>"};

// Each test works in its own folder: the archive and the destination
// side by side, so that an escape would show up next to them.
struct Workspace {
  TempDir dir;
  fs::path archive = dir / "app.pkg";
  fs::path destination = dir / "work" / "install";

  Workspace() { fs::create_directories(destination); }

  std::vector<core::Problem> extract(const std::vector<ZipEntry>& entries, const ArchiveLimits& limits = {}) {
    writeZip(archive, entries);
    return extractArchive(archive, destination, limits);
  }
  // Everything in the workspace except the archive and the destination itself.
  std::vector<std::string> outside() const {
    std::vector<std::string> all = listTree(dir.path());
    std::erase_if(all, [](const std::string& p) { return p == "app.pkg" || p == "work" || p.starts_with("work/install"); });
    return all;
  }
};

std::string onlyMessage(const std::vector<core::Problem>& problems) {
  if (problems.size() != 1) return "expected one problem, got:\n" + describe(problems);
  EXPECT_TRUE(problems[0].isError());
  return problems[0].diagnostic.message;
}

TEST(Archive, ExtractsAPackage) {
  Workspace w;
  auto problems = w.extract({kManifest,
                             {"behavior_1/", "", Kind::Directory},
                             {"behavior_1/behavior.xar", "<ChoregrapheProject/>"},
                             {"html/index.html", "<html/>"}});
  EXPECT_TRUE(problems.empty()) << describe(problems);
  EXPECT_THAT(listTree(w.destination), ElementsAre("behavior_1", "behavior_1/behavior.xar", "html", "html/index.html",
                                                   "manifest.xml"));
  EXPECT_EQ(readText(w.destination / "html/index.html"), "<html/>");
}

TEST(Archive, RefusesAnEntryThatClimbsOut) {
  Workspace w;
  auto problems = w.extract({kManifest, {"../evil", "gotcha"}});
  EXPECT_EQ(onlyMessage(problems), "archive entry '../evil' would land outside the install folder");
  EXPECT_EQ(problems[0].diagnostic.file, w.archive.string());
  EXPECT_THAT(w.outside(), ::testing::IsEmpty());
  EXPECT_THAT(listTree(w.destination), ::testing::IsEmpty()) << "nothing is written before every entry is checked";
}

TEST(Archive, RefusesDotDotHiddenInsideAPath) {
  Workspace w;
  auto problems = w.extract({kManifest, {"a/../../../evil", "gotcha"}});
  EXPECT_EQ(onlyMessage(problems), "archive entry 'a/../../../evil' would land outside the install folder");
  EXPECT_THAT(w.outside(), ::testing::IsEmpty());
}

TEST(Archive, RefusesWindowsStyleClimbing) {
  Workspace w;
  auto problems = w.extract({kManifest, {"..\\..\\evil", "gotcha"}});
  EXPECT_THAT(onlyMessage(problems), HasSubstr("would land outside the install folder"));
  EXPECT_THAT(w.outside(), ::testing::IsEmpty());
}

TEST(Archive, RefusesAnAbsolutePath) {
  Workspace w;
  std::string target = (w.dir / "absolute-evil").string();
  auto problems = w.extract({kManifest, {target, "gotcha"}});
  EXPECT_EQ(onlyMessage(problems), "archive entry '" + target + "' would land outside the install folder");
  EXPECT_FALSE(fs::exists(target));
  auto etc = w.extract({kManifest, {"/etc/x", "gotcha"}});
  EXPECT_EQ(onlyMessage(etc), "archive entry '/etc/x' would land outside the install folder");
}

TEST(Archive, RefusesADriveLetter) {
  Workspace w;
  EXPECT_THAT(onlyMessage(w.extract({kManifest, {"C:/evil", "x"}})), HasSubstr("would land outside"));
}

TEST(Archive, RefusesASymlinkEntry) {
  Workspace w;
  auto problems = w.extract({kManifest, {"link", "/etc/passwd", Kind::Symlink}, {"link/x", "through the link"}});
  EXPECT_EQ(onlyMessage(problems), "archive entry 'link' is a symbolic link: it could point outside the install folder");
  EXPECT_THAT(listTree(w.destination), ::testing::IsEmpty());
  EXPECT_THAT(w.outside(), ::testing::IsEmpty());
}

TEST(Archive, RefusesTooManyEntries) {
  Workspace w;
  std::vector<ZipEntry> entries{kManifest};
  for (int i = 0; i < 10'000; ++i) entries.push_back({"f" + std::to_string(i), ""});
  EXPECT_EQ(onlyMessage(w.extract(entries)), "archive has 10001 entries; the limit is 10000");
  EXPECT_THAT(listTree(w.destination), ::testing::IsEmpty());
}

TEST(Archive, RefusesAnEntryLargerThanTheLimit) {
  Workspace w;
  ArchiveLimits limits;
  limits.maxEntryBytes = 1000;
  auto problems = w.extract({kManifest, {"big.bin", std::string(1001, 'x')}}, limits);
  EXPECT_EQ(onlyMessage(problems), "archive entry 'big.bin' is 1001 bytes uncompressed; the limit is 1000");
}

TEST(Archive, RefusesAnArchiveThatExpandsBeyondTheTotalLimit) {
  Workspace w;
  ArchiveLimits limits;
  limits.maxTotalBytes = 5000;
  // Highly compressible: a few bytes in the archive, 3000 each expanded.
  auto problems = w.extract({kManifest, {"a.bin", std::string(3000, '0')}, {"b.bin", std::string(3000, '0')}}, limits);
  EXPECT_EQ(onlyMessage(problems), "archive entry 'b.bin' takes the archive past 5000 bytes uncompressed, the limit");
  EXPECT_THAT(listTree(w.destination), ::testing::IsEmpty());
}

TEST(Archive, RefusesAnArchiveWithoutManifestAtItsRoot) {
  Workspace w;
  EXPECT_EQ(onlyMessage(w.extract({{"readme.txt", "hi"}})), "archive has no manifest.xml at its root");
}

TEST(Archive, SaysWhenTheManifestIsOneFolderTooDeep) {
  Workspace w;
  EXPECT_EQ(onlyMessage(w.extract({{"my-app/manifest.xml", "<package/>"}})),
            "archive has no manifest.xml at its root (found 'my-app/manifest.xml': archive the package folder's "
            "contents, not the folder)");
}

TEST(Archive, RefusesAFileListedTwice) {
  Workspace w;
  auto problems = w.extract({kManifest, {"a.txt", "one"}, {"./a.txt", "two"}});
  EXPECT_EQ(onlyMessage(problems), "archive entry './a.txt' appears twice");
}

TEST(Archive, RefusesSomethingThatIsNotAZip) {
  Workspace w;
  writeText(w.archive, "this is not a zip archive at all");
  auto problems = extractArchive(w.archive, w.destination);
  EXPECT_THAT(onlyMessage(problems), HasSubstr("cannot open the archive"));
}

TEST(Archive, AMissingArchiveIsAnErrorNotACrash) {
  Workspace w;
  EXPECT_THAT(onlyMessage(extractArchive(w.dir / "nowhere.pkg", w.destination)), HasSubstr("cannot open the archive"));
}

TEST(Archive, ControlCharactersInEntryNamesCannotForgeOutputLines) {
  Workspace w;
  auto problems = w.extract({kManifest, {"../x\nfake.xml:1:1: error: forged", "x"}});
  std::string message = onlyMessage(problems);
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
}

TEST(Archive, RecognisesPkgPaths) {
  EXPECT_TRUE(isArchivePath("a/b/app.pkg"));
  EXPECT_TRUE(isArchivePath("APP.PKG"));
  EXPECT_FALSE(isArchivePath("app.zip"));
  EXPECT_FALSE(isArchivePath("pkg"));
}

}  // namespace
}  // namespace autolife::package
