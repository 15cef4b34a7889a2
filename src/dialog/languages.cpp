// The languages NAOqi's dialog knows (docs/dialog.md, "Languages"): each by
// the name NAOqi 2.7+ writes (`language: English`), the three-letter code
// of older topics and Choregraphe's .dlg files (`enu`), and the locale of
// manifests and .pml files (`en_US`). The table is the SDK's (the
// supported-languages pages' codification, liblanguage's locales).
#include <algorithm>
#include <array>
#include <filesystem>

#include "autolife/dialog/topic.hpp"
#include "text.hpp"

namespace autolife::dialog {

namespace {

struct Language {
  std::string_view name, code, locale;
};

constexpr std::array<Language, 22> kLanguages = {{
    {"English", "enu", "en_US"},   {"French", "frf", "fr_FR"},     {"Japanese", "jpj", "ja_JP"},
    {"Chinese", "mnc", "zh_CN"},   {"MandarinTaiwan", "mnt", "zh_TW"}, {"German", "ged", "de_DE"},
    {"Italian", "iti", "it_IT"},   {"Spanish", "spe", "es_ES"},    {"Korean", "kok", "ko_KR"},
    {"Brazilian", "ptb", "pt_BR"}, {"Portuguese", "ptp", "pt_PT"}, {"Dutch", "dun", "nl_NL"},
    {"Arabic", "arw", "ar_SA"},    {"Czech", "czc", "cs_CZ"},      {"Danish", "dad", "da_DK"},
    {"Finnish", "fif", "fi_FI"},   {"Polish", "plp", "pl_PL"},     {"Russian", "rur", "ru_RU"},
    {"Swedish", "sws", "sv_SE"},   {"Turkish", "trt", "tr_TR"},    {"Greek", "grg", "el_GR"},
    {"Norwegian", "non", "nn_NO"},
}};

// Regional languages of later robots, known by name and code only (their
// topics load, as Choregraphe's Choice box writes one per language it
// lists: decision 1188); a locale keeps naming the language above
// (en_GB is English). Not among languageNames(): no lexicon, no voice.
constexpr std::array<Language, 6> kRegionalLanguages = {{
    {"CantoneseHongKong", "cah", "zh_HK"}, {"EnglishAustralia", "ena", "en_AU"}, {"EnglishGB", "eng", "en_GB"},
    {"EnglishIndian", "eni", "en_IN"},     {"FrenchCanadian", "frc", "fr_CA"},   {"SpanishMexico", "spm", "es_MX"},
}};

// A language of either table by its name.
const Language* named(std::string_view name) {
  for (const auto& l : kLanguages)
    if (l.name == name) return &l;
  for (const auto& l : kRegionalLanguages)
    if (l.name == name) return &l;
  return nullptr;
}

// A locale's region decides between two languages of one prefix (pt_BR,
// zh_TW); otherwise the prefix alone does (en_GB is English, nb_NO
// Norwegian).
std::string fromLocale(const std::string& s) {
  if (s.size() < 2 || (s.size() > 2 && s[2] != '_' && s[2] != '-')) return {};
  std::string region = s.size() >= 5 ? text::lower(s.substr(3, 2)) : "";
  if (s.size() > 5 && s[5] != '_' && s[5] != '-' && s[5] != '.' && s[5] != '@') return {};
  const std::string prefix = s.substr(0, 2);
  for (const auto& l : kLanguages)
    if (text::lower(l.locale) == prefix + "_" + region) return std::string(l.name);
  if (prefix == "zh" && (region == "hk" || region == "tw")) return "MandarinTaiwan";
  for (const auto& l : kLanguages)
    if (l.locale.substr(0, 2) == prefix && l.name != "Brazilian" && l.name != "MandarinTaiwan") return std::string(l.name);
  if (prefix == "nb" || prefix == "no") return "Norwegian";
  return {};
}

}  // namespace

std::string languageName(std::string_view codeOrName) {
  const std::string s = text::lower(text::squeeze(codeOrName));
  if (s.empty()) return {};
  for (const auto& l : kLanguages)
    if (s == l.code || s == text::lower(l.name) || s == text::lower(l.locale)) return std::string(l.name);
  for (const auto& l : kRegionalLanguages)
    if (s == l.code || s == text::lower(l.name)) return std::string(l.name);
  return fromLocale(s);
}

std::string languageCode(std::string_view name) {
  const Language* l = named(name);
  return l ? std::string(l->code) : std::string();
}

std::string languageLocale(std::string_view name) {
  const Language* l = named(name);
  return l ? std::string(l->locale) : std::string();
}

const std::vector<std::string>& languageNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& l : kLanguages) out.emplace_back(l.name);
    return out;
  }();
  return names;
}

bool matchesOnCharacters(std::string_view language) {
  return language == "Japanese" || language == "Chinese" || language == "MandarinTaiwan" || language == "CantoneseHongKong";
}

// greet_enu.top, greet_en_US.top; res/raw-fr/greet.top, raw-zh-rTW/ (a
// QiSDK app's resources, whose topics have no `language:` line).
std::string languageOfPath(std::string_view path) {
  const std::filesystem::path p{std::string(path)};
  const std::string stem = p.stem().string();
  const auto underscore = stem.rfind('_');
  if (underscore != std::string::npos) {
    const std::string tail = stem.substr(underscore + 1);
    if (tail.size() == 3)
      for (const auto& l : kLanguages)
        if (text::lower(tail) == l.code) return std::string(l.name);
    // _en_US: the last two parts
    const auto before = underscore > 0 ? stem.rfind('_', underscore - 1) : std::string::npos;
    if (tail.size() == 2 && before != std::string::npos && underscore - before == 3)
      if (auto name = fromLocale(text::lower(stem.substr(before + 1))); !name.empty()) return name;
  }
  const std::string folder = p.parent_path().filename().string();
  if (folder.starts_with("raw-") || folder.starts_with("values-")) {
    std::string qualifier = folder.substr(folder.find('-') + 1);  // fr, fr-rFR, zh-rTW
    if (qualifier.size() >= 5 && qualifier[2] == '-' && qualifier[3] == 'r') qualifier.erase(3, 1);
    if (qualifier.size() == 2 || (qualifier.size() == 5 && qualifier[2] == '-')) return fromLocale(text::lower(qualifier));
  }
  return {};
}

}  // namespace autolife::dialog
