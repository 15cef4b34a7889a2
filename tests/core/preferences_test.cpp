// InMemoryPreferences: what pref("domain", "setting") reads in eval and tests.
#include "autolife/core/preferences.hpp"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

using autolife::core::InMemoryPreferences;
using autolife::core::PreferenceSource;

namespace {

using Change = std::pair<std::string, std::string>;

TEST(InMemoryPreferences, UnknownSettingIsAbsent) {
  InMemoryPreferences prefs;
  EXPECT_FALSE(prefs.preference("com.aldebaran.debug", "DisableLifeAndDialog").has_value());
}

TEST(InMemoryPreferences, SetThenReadBack) {
  InMemoryPreferences prefs;
  prefs.set("com.aldebaran.debug", "DisableLifeAndDialog", "1");
  auto v = prefs.preference("com.aldebaran.debug", "DisableLifeAndDialog");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(*v, "1");
  // Domain and setting are both part of the key.
  EXPECT_FALSE(prefs.preference("com.aldebaran.debug", "Other").has_value());
  EXPECT_FALSE(prefs.preference("other.domain", "DisableLifeAndDialog").has_value());
}

TEST(InMemoryPreferences, EmptyStringIsAStoredValue) {
  InMemoryPreferences prefs;
  prefs.set("d", "s", "");
  auto v = prefs.preference("d", "s");
  ASSERT_TRUE(v.has_value());
  EXPECT_EQ(*v, "");
}

TEST(InMemoryPreferences, SetOverwrites) {
  InMemoryPreferences prefs;
  prefs.set("d", "s", "a");
  prefs.set("d", "s", "b");
  EXPECT_EQ(prefs.preference("d", "s"), std::optional<std::string>("b"));
}

TEST(InMemoryPreferences, RemoveForgetsTheSetting) {
  InMemoryPreferences prefs;
  prefs.set("d", "s", "a");
  prefs.set("d", "t", "b");
  prefs.remove("d", "s");
  EXPECT_FALSE(prefs.preference("d", "s").has_value());
  EXPECT_EQ(prefs.preference("d", "t"), std::optional<std::string>("b"));
}

TEST(InMemoryPreferences, ChangedFiresOnAddUpdateAndRemove) {
  InMemoryPreferences prefs;
  std::vector<Change> changes;
  std::vector<std::optional<std::string>> seen;
  prefs.changed.connect([&](const std::string& domain, const std::string& setting) {
    changes.emplace_back(domain, setting);
    seen.push_back(prefs.preference(domain, setting));  // fired after the change
  });
  prefs.set("d", "s", "1");
  prefs.set("d", "s", "2");
  prefs.set("e", "t", "x");
  prefs.remove("d", "s");
  EXPECT_EQ(changes, (std::vector<Change>{{"d", "s"}, {"d", "s"}, {"e", "t"}, {"d", "s"}}));
  EXPECT_EQ(seen, (std::vector<std::optional<std::string>>{"1", "2", "x", std::nullopt}));
}

TEST(InMemoryPreferences, RemovingAnAbsentSettingChangesNothing) {
  InMemoryPreferences prefs;
  int fired = 0;
  prefs.changed.connect([&](const std::string&, const std::string&) { ++fired; });
  prefs.remove("d", "missing");
  EXPECT_EQ(fired, 0);
}

TEST(InMemoryPreferences, UsableThroughThePreferenceSourceInterface) {
  InMemoryPreferences prefs;
  prefs.set("d", "s", "v");
  const PreferenceSource& source = prefs;
  EXPECT_EQ(source.preference("d", "s"), std::optional<std::string>("v"));
}

}  // namespace
