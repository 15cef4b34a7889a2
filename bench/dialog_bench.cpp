// QiChat at scale (issue 15's bar): a topic of 2,000 rules and 200
// concepts must load in under 50 ms; with 50 topics loaded (2,000 rules in
// all, the same 200 concepts), matching what is said must take under
// 100 us at the 99th percentile. The anchor, measured in the same run, is
// a linear scan that compares the input with every rule's first word: the
// least any matcher does. Prints its figures; asserts nothing.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "autolife/dialog/dialog.hpp"

namespace {

using namespace autolife::dialog;
using Clock = std::chrono::steady_clock;

std::string word(std::mt19937_64& rng) {
  static const char* syllables[] = {"ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "za", "po", "qe", "wu"};
  std::string w;
  const int n = 2 + static_cast<int>(rng() % 2);
  for (int i = 0; i < n; ++i) w += syllables[rng() % 12];
  return w;
}

// 200 concepts of 10 items (some phrases, some nested), then `rules` rules
// mixing words, concepts, choices, optional parts, wildcards and captures.
std::string topicText(const std::string& name, int rules, int concepts, std::uint64_t seed,
                      std::vector<std::string>* sayable, int conceptsUsed = 200) {
  std::mt19937_64 rng(seed);
  std::string t = "topic: ~" + name + "()\nlanguage: English\n";
  for (int c = 0; c < concepts; ++c) {
    t += "concept:(c" + std::to_string(c) + ") [";
    for (int i = 0; i < 10; ++i) t += (i % 4 == 3 ? "\"" + word(rng) + " " + word(rng) + "\"" : word(rng)) + " ";
    if (c > 0 && c % 10 == 0) t += "~c" + std::to_string(c - 1);
    t += "]\n";
  }
  for (int r = 0; r < rules; ++r) {
    std::string a = word(rng), b = word(rng), c = word(rng);
    const int used = static_cast<int>(rng() % conceptsUsed);
    switch (r % 5) {
      case 0: t += "u:(" + a + " " + b + " " + c + ") answer " + a + "\n"; break;
      case 1: t += "u:(" + a + " [" + b + " " + c + "] ~c" + std::to_string(used) + ") ok $v=1\n"; break;
      case 2: t += "u:(" + a + " {" + b + "} " + c + ") [one two three]\n"; break;
      case 3: t += "u:(" + a + " * " + c + ") ^rand[x y z]\n"; break;
      default: t += "u:(" + a + " _* " + b + ") heard $1\n  u1:(" + c + ") sub\n"; break;
    }
    if (sayable && r % 5 == 0) sayable->push_back(a + " " + b + " " + c);
    if (sayable && r % 5 == 2) sayable->push_back(a + " " + c);
  }
  return t;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(p * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"QiChat load and match benchmark"};
  int inputs = 20000;
  int loads = 20;
  app.add_option("--inputs", inputs, "utterances matched (default 20000)");
  app.add_option("--loads", loads, "times the big topic is loaded (default 20)");
  CLI11_PARSE(app, argc, argv);

  // 1. One topic of 2,000 rules and 200 concepts: parse + load.
  const std::string big = topicText("big", 2000, 200, 1, nullptr);
  std::vector<double> loadMs;
  for (int i = 0; i < loads; ++i) {
    MapVariables v;
    Dialog d(v);
    const auto start = Clock::now();
    ParseResult r = parseTopic(big, "big.top");
    if (!r.topic) {
      std::fprintf(stderr, "the generated topic does not parse: %s\n", r.problems.at(0).format().c_str());
      return 1;
    }
    d.load(std::move(*r.topic));
    loadMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::printf("load: a topic of 2000 rules and 200 concepts (%zu bytes): median %.2f ms, max %.2f ms over %d loads "
              "(bar: 50 ms; %.1fx under it)\n",
              big.size(), percentile(loadMs, 0.5), percentile(loadMs, 1.0), loads, 50.0 / percentile(loadMs, 0.5));

  // 2. 50 topics of 40 rules, the concepts in the first; match.
  MapVariables v;
  Dialog d(v);
  std::vector<std::string> sayable;
  std::vector<std::string> firstWords;
  for (int t = 0; t < 50; ++t) {
    ParseResult r = parseTopic(topicText("t" + std::to_string(t), 40, t == 0 ? 200 : 0, 100 + t, &sayable),
                               "t.top");
    if (!r.topic) return 1;
    for (const auto& rule : r.topic->rules)
      if (!rule.input.children.empty()) firstWords.push_back(rule.input.children[0].text);
    auto name = d.load(std::move(*r.topic)).name;
    d.activate(name);
  }
  std::mt19937_64 rng(7);
  std::vector<std::string> said;
  for (int i = 0; i < inputs; ++i) {
    if (i % 2 == 0) said.push_back(sayable[rng() % sayable.size()]);        // a rule matches
    else said.push_back(word(rng) + " " + word(rng) + " " + word(rng) + " " + word(rng));  // none does
  }
  std::vector<double> us;
  us.reserve(said.size());
  int understood = 0;
  for (const auto& s : said) {
    const auto start = Clock::now();
    const Reply r = d.hear(s);
    us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
    understood += r.understood ? 1 : 0;
  }
  // Anchor: compare each input's first word with every rule's first word.
  std::vector<double> anchor;
  std::size_t hits = 0;
  for (const auto& s : said) {
    const auto start = Clock::now();
    const std::string first = s.substr(0, s.find(' '));
    for (const auto& w : firstWords) hits += w == first;
    anchor.push_back(std::chrono::duration<double, std::micro>(Clock::now() - start).count());
  }
  const double p99 = percentile(us, 0.99);
  std::printf("match: 50 topics, %zu rules, %d utterances (%d understood): p50 %.1f us, p99 %.1f us, max %.1f us "
              "(bar: 100 us p99; %.1fx under it)\n",
              firstWords.size(), inputs, understood, percentile(us, 0.5), p99, percentile(us, 1.0), 100.0 / p99);
  std::printf("anchor: a first-word scan of every rule: p50 %.2f us, p99 %.2f us (matching p99 is %.1fx the anchor's; %zu)\n",
              percentile(anchor, 0.5), percentile(anchor, 0.99), p99 / percentile(anchor, 0.99), hits);
  return 0;
}
