// The store on its own (docs/persistence.md): what is written is there
// after reopening, histories are bounded on disk, a corrupt file is moved
// aside, an unwritable place and a full disk are errors that change
// nothing, and Life's journal reports its failures instead of throwing.
#include "autolife/store/store.hpp"

#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "files.hpp"

namespace {

using autolife::core::PreferenceChange;
using autolife::life::ActivityStatistics;
using autolife::life::HistoryEntry;
using autolife::test::TempDir;
using autolife::store::Store;
using autolife::store::StoredLifeJournal;
using autolife::store::StoredPreferences;
using autolife::store::StoreError;
using autolife::store::StoreOptions;
using testing::ElementsAre;
using testing::HasSubstr;
using Setting = std::pair<std::string, std::string>;

std::string contents(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

class StoreTest : public testing::Test {
protected:
  std::filesystem::path file() const { return dir.path() / Store::kFileName; }
  TempDir dir;
};

TEST_F(StoreTest, PreferencesAreThereAfterReopening) {
  {
    Store store(file());
    StoredPreferences prefs(store);
    EXPECT_TRUE(prefs.set("com.me.chess", "/level", "easy"));
    EXPECT_FALSE(prefs.set("com.me.chess", "/level", "hard"));  // replaced
    prefs.set("com.me.chess", "/color", "white");
    prefs.set("com.me.music", "volume", std::string(100000, 'x'));
    prefs.set("com.me.gone", "a", "1");
    prefs.set("com.me.gone", "b", "2");
    EXPECT_TRUE(prefs.remove("com.me.chess", "/color"));
    EXPECT_FALSE(prefs.remove("com.me.chess", "/color"));
    EXPECT_THAT(prefs.removeDomain("com.me.gone"), ElementsAre("a", "b"));
  }
  Store store(file());
  StoredPreferences prefs(store);
  EXPECT_EQ(prefs.preference("com.me.chess", "/level"), "hard");
  EXPECT_EQ(prefs.preference("com.me.chess", "/color"), std::nullopt);
  EXPECT_EQ(prefs.preference("com.me.music", "volume"), std::string(100000, 'x'));
  EXPECT_THAT(prefs.domains(), ElementsAre("com.me.chess", "com.me.music"));
  EXPECT_THAT(prefs.values("com.me.chess"), ElementsAre(Setting{"/level", "hard"}));
  EXPECT_TRUE(store.notes().empty());
}

TEST_F(StoreTest, TheDatabaseIsInWriteAheadLogMode) {
  { Store store(file()); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file().c_str(), &db), SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "PRAGMA journal_mode", -1, &s, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(s), SQLITE_ROW);
  EXPECT_STREQ(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)), "wal");
  sqlite3_finalize(s);
  sqlite3_close(db);
}

TEST_F(StoreTest, LifeIsThereAfterReopening) {
  {
    Store store(file());
    store.recordState({"solitary", 100});
    store.recordFocus({"pkg/a", 110}, {110, 0, 1, 0});
    store.recordUnfocus("pkg/a", {110, 130, 1, 20.5});
    store.recordFocus({"pkg/b", 140}, {140, 0, 1, 0});
    store.recordState({"interactive", 140});
  }
  Store store(file());
  const auto record = store.lifeRecord();
  EXPECT_THAT(record.focusHistory, ElementsAre(HistoryEntry{"pkg/a", 110}, HistoryEntry{"pkg/b", 140}));
  EXPECT_THAT(record.stateHistory, ElementsAre(HistoryEntry{"solitary", 100}, HistoryEntry{"interactive", 140}));
  ASSERT_EQ(record.statistics.size(), 2u);
  EXPECT_EQ(record.statistics.at("pkg/a"), (ActivityStatistics{110, 130, 1, 20.5}));
  EXPECT_EQ(record.statistics.at("pkg/b"), (ActivityStatistics{140, 0, 1, 0}));
}

TEST_F(StoreTest, HistoriesKeepTheLatestRowsOnDisk) {
  StoreOptions small;
  small.historyLimit = 3;
  {
    Store store(file(), small);
    for (int i = 1; i <= 7; ++i) {
      store.recordFocus({"pkg/" + std::to_string(i), i}, {i, 0, 1, 0});
      store.recordState({i % 2 ? "solitary" : "interactive", i});
    }
    const auto record = store.lifeRecord();
    EXPECT_THAT(record.focusHistory,
                ElementsAre(HistoryEntry{"pkg/5", 5}, HistoryEntry{"pkg/6", 6}, HistoryEntry{"pkg/7", 7}));
    EXPECT_EQ(record.stateHistory.size(), 3u);
    EXPECT_EQ(record.statistics.size(), 7u);  // one row per activity: not a history
  }
  // Read with a larger limit: the older rows are gone from the file, not just hidden.
  Store store(file());
  const auto record = store.lifeRecord();
  EXPECT_EQ(record.focusHistory.size(), 3u);
  EXPECT_EQ(record.focusHistory.front(), (HistoryEntry{"pkg/5", 5}));
  EXPECT_THAT(record.stateHistory,
              ElementsAre(HistoryEntry{"solitary", 5}, HistoryEntry{"interactive", 6}, HistoryEntry{"solitary", 7}));
}

TEST_F(StoreTest, AFileThatIsNoDatabaseIsMovedAsideAndAFreshOneStarted) {
  const std::string garbage(8192, 'z');
  std::ofstream(file(), std::ios::binary) << garbage;
  Store store(file());
  ASSERT_EQ(store.notes().size(), 2u);
  EXPECT_THAT(store.notes()[0], HasSubstr("autolife.db"));
  EXPECT_THAT(store.notes()[1], HasSubstr("moved aside to " + (dir.path() / "autolife.db.corrupt").string()));
  EXPECT_EQ(contents(dir.path() / "autolife.db.corrupt"), garbage);  // kept for whoever wants to look
  StoredPreferences prefs(store);
  prefs.set("d", "s", "v");
  EXPECT_EQ(prefs.preference("d", "s"), "v");
}

TEST_F(StoreTest, ASecondCorruptFileDoesNotOverwriteTheFirst) {
  std::ofstream(dir.path() / "autolife.db.corrupt") << "first";
  std::ofstream(file()) << std::string(4096, 'q');
  Store store(file());
  EXPECT_EQ(contents(dir.path() / "autolife.db.corrupt"), "first");
  EXPECT_EQ(contents(dir.path() / "autolife.db.corrupt.1"), std::string(4096, 'q'));
}

TEST_F(StoreTest, ADatabaseWithDamagedPagesIsMovedAside) {
  {
    Store store(file());
    StoredPreferences prefs(store);
    for (int i = 0; i < 200; ++i) prefs.set("domain", "setting" + std::to_string(i), std::string(500, 'v'));
  }  // the last connection closing folds the log into the file
  ASSERT_FALSE(std::filesystem::exists(file().string() + "-wal"));
  {
    // Scribble over the middle of the file, past the header and schema page.
    std::fstream f(file(), std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096 * 3);
    const std::string noise(4096 * 4, '\x5a');
    f.write(noise.data(), static_cast<std::streamsize>(noise.size()));
  }
  Store store(file());
  ASSERT_FALSE(store.notes().empty());
  EXPECT_THAT(store.notes().back(), HasSubstr("moved aside"));
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "autolife.db.corrupt"));
  EXPECT_TRUE(StoredPreferences(store).domains().empty());
}

TEST_F(StoreTest, AFolderThatCannotHoldTheFileIsAnErrorThatSaysWhere) {
  std::ofstream(dir.path() / "not-a-folder") << "x";
  const auto inside = dir.path() / "not-a-folder" / Store::kFileName;
  try {
    Store store(inside);
    FAIL() << "opened " << inside;
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr(inside.string()));
    EXPECT_FALSE(e.corrupt());
  }
  EXPECT_EQ(contents(dir.path() / "not-a-folder"), "x");  // nothing moved or touched
}

// Root writes anywhere: the open is then tried in a child process that has
// given up root for "nobody". Its exit status says what happened.
TEST_F(StoreTest, AReadOnlyFolderIsAnErrorThatSaysWhere) {
  std::filesystem::permissions(dir.path(), std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec |
                                             std::filesystem::perms::others_read | std::filesystem::perms::others_exec);
  const pid_t child = fork();
  if (child == 0) {
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(3);
    try {
      Store store(file());
      _exit(1);  // opened
    } catch (const StoreError& e) {
      _exit(std::string(e.what()).find(file().string()) != std::string::npos && !e.corrupt() ? 0 : 2);
    } catch (...) {
      _exit(4);
    }
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: opened, 2: an error without the path, 3: could not drop root";
  EXPECT_FALSE(std::filesystem::exists(file()));
}

TEST_F(StoreTest, ADatabaseFromANewerAutolifeIsLeftAlone) {
  { Store store(file()); }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file().c_str(), &db), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  try {
    Store store(file());
    FAIL() << "opened a schema 99 database";
  } catch (const StoreError& e) {
    EXPECT_THAT(e.what(), HasSubstr("newer autolife"));
  }
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "autolife.db.corrupt"));
}

// A store capped at a few pages stands for a full disk: SQLite answers
// SQLITE_FULL exactly as it would when write() fails with ENOSPC.
class FullStoreTest : public StoreTest {
protected:
  FullStoreTest() {
    StoreOptions capped;
    capped.maxPages = 40;  // 160 KB
    store = std::make_unique<Store>(file(), capped);
  }
  std::unique_ptr<Store> store;
};

TEST_F(FullStoreTest, AWriteThatDoesNotFitIsRefusedAndChangesNothing) {
  StoredPreferences prefs(*store);
  prefs.set("d", "kept", "before");
  std::vector<std::string> changes;
  prefs.changed.connect([&](const std::string& d, const std::string& s) { changes.push_back(d + "/" + s); });
  try {
    prefs.set("d", "kept", std::string(1 << 20, 'x'));
    FAIL() << "a 1 MB value fit in 160 KB";
  } catch (const autolife::core::StorageError& e) {
    EXPECT_THAT(e.what(), HasSubstr("full"));
    EXPECT_THAT(e.what(), HasSubstr(file().string()));
  }
  EXPECT_EQ(prefs.preference("d", "kept"), "before");
  EXPECT_TRUE(changes.empty());
  // All or none: a batch with one value too big leaves the small ones out too.
  EXPECT_THROW(prefs.set(std::vector<PreferenceChange>{{"d", "small", "1"}, {"d", "big", std::string(1 << 20, 'y')}}),
               autolife::core::StorageError);
  EXPECT_EQ(prefs.preference("d", "small"), std::nullopt);
  // The store still works for what fits, and kept nothing of the refused writes.
  prefs.set("d", "after", "ok");
  store.reset();
  Store reopened(file());
  StoredPreferences again(reopened);
  EXPECT_THAT(again.values("d"), ElementsAre(Setting{"after", "ok"}, Setting{"kept", "before"}));
}

TEST_F(FullStoreTest, LifesJournalReportsAFailedWriteAndDoesNotThrow) {
  std::vector<std::string> reported;
  StoredLifeJournal journal(*store, [&](const std::string& problem) { reported.push_back(problem); });
  journal.stateEntered({"solitary", 1});
  EXPECT_TRUE(reported.empty());
  journal.focused({std::string(1 << 20, 'n'), 2}, {2, 0, 1, 0});
  ASSERT_EQ(reported.size(), 1u);
  EXPECT_THAT(reported[0], HasSubstr("full"));
  EXPECT_THAT(store->lifeRecord().stateHistory, ElementsAre(HistoryEntry{"solitary", 1}));
  EXPECT_TRUE(store->lifeRecord().focusHistory.empty());
}

}  // namespace
