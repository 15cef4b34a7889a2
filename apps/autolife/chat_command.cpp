// `autolife chat TOPIC.top... | PACKAGE_DIR [--language LANG] [--json]
// [--input FILE]`: a conversation with QiChat topics on the simulated robot,
// in virtual time. Each line read is what a person says; the robot's side
// is printed as it says it (docs/dialog.md).
#include <fstream>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "autolife/core/clock.hpp"
#include "autolife/core/json_line.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/package_dialogs.hpp"
#include "chat_voice.hpp"
#include "commands.hpp"

namespace autolife::app {

namespace {

constexpr const char* kChatHelp = R"(
Loads the topics (a package folder: its dialogs in the language, by default
the first the package supports, else English), activates them, then reads
what a person says, one utterance per line, from standard input or --input,
and prints the robot's side. Each utterance waits until the robot has
finished speaking; time is virtual and starts at 0.
Plain output:   human: hello            robot: hi there
--json, JSON Lines:
  {"t": 0.0, "human": "hello"}              {"t": 0.0, "robot": "hi there"}
  {"t": 1.9, "set": "name", "value": "Bob"} {"t": 0.0, "not-understood": "xyzzy"}
  {"t": 0.0, "action": "start", "args": ["animations/Stand/Gestures/Hey_1"]}
A topic's opening (its u:(e:onStart) rule, as a Dialog box starts it) is
said first. A topic that does not load is reported as file:line:column
(exit 1); the others still run. Exit 0 otherwise.)";

struct ChatOptions {
  std::vector<std::string> paths;
  std::string language;
  std::string input;
  bool json = false;
  ChatVoiceOptions voice;
};

class Chat {
public:
  explicit Chat(const ChatOptions& o) : options_(o), engine_(clock_), voice_(o.voice, engine_, o.json) {
    engine_.dialog.records.connect([this](const dialog::DialogRecord& r) { print(r); });
  }

  int run() {
    int status = 0;
    const std::vector<std::string> topics = load(status);
    if (topics.empty()) {
      std::cerr << "autolife chat: no topic to talk with\n";
      return 1;
    }
    if (auto error = voice_.prepare()) {
      std::cerr << "autolife chat: " << *error << '\n';
      return 1;
    }
    engine_.dialog.subscribe("autolife_chat");
    engine_.dialog.raise("onStart");
    settle();
    if (voice_.hearsAudio()) {
      status = std::max(status, voice_.hearAll([this] { settle(); }));
      if (options_.input.empty()) return status;  // typed lines too only with --input
    }
    std::unique_ptr<std::ifstream> file;
    if (!options_.input.empty() && options_.input != "-") {
      file = std::make_unique<std::ifstream>(options_.input);
      if (!*file) {
        std::cerr << "autolife chat: cannot read " << options_.input << "\n";
        return 1;
      }
    }
    std::istream& in = file ? *file : std::cin;
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      engine_.hear(line, 1.0);
      settle();
    }
    return status;
  }

private:
  std::vector<std::string> load(int& status) {
    std::vector<std::string> files;
    std::string language = options_.language;
    for (const auto& p : options_.paths) {
      if (std::filesystem::is_directory(p)) {
        auto loaded = package::loadPackage(p);
        if (!loaded.package) {
          for (const auto& problem : loaded.problems) std::cerr << problem.format() << '\n';
          status = 1;
          continue;
        }
        if (language.empty()) language = engine::defaultDialogLanguage(*loaded.package);
        for (const auto& f : engine::dialogTopicsOf(*loaded.package, dialog::languageName(language)))
          files.push_back(f.string());
      } else {
        files.push_back(p);
      }
    }
    if (!language.empty()) {
      if (dialog::languageName(language).empty()) {
        std::cerr << "autolife chat: unknown language " << language << '\n';
        status = 1;
        return {};
      }
      engine_.dialog.dialog().setLanguage(language);
    }
    std::vector<std::string> names;
    for (const auto& f : files) {
      dialog::ParseResult r = dialog::loadTopicFile(f);
      for (const auto& problem : r.problems) std::cerr << problem.format() << '\n';
      if (!r.topic) {
        status = 1;
        continue;
      }
      if (language.empty()) {  // topics given alone: the first one's language
        language = r.topic->language;
        engine_.dialog.dialog().setLanguage(language);
      }
      try {
        names.push_back(engine_.dialog.load(std::move(*r.topic)));
        engine_.dialog.activate(names.back());
      } catch (const service::CallError& e) {
        std::cerr << f << ": " << e.what() << '\n';
        status = 1;
      }
    }
    return names;
  }

  // Runs virtual time until the robot has said everything (and what it
  // set has landed).
  void settle() {
    for (int guard = 0; guard < 1000; ++guard) {
      const core::Time until = engine_.dialog.busyUntil();
      clock_.runUntil(std::max(until, clock_.now()));
      if (engine_.dialog.busyUntil() <= clock_.now()) break;
    }
  }

  void print(const dialog::DialogRecord& r) {
    if (voice_.print(r)) return;
    if (!options_.json) {
      if (r.kind == "human" || r.kind == "robot") std::cout << r.kind << ": " << r.text << '\n';
      std::cout.flush();
      return;
    }
    nlohmann::ordered_json j;
    j["t"] = core::toSeconds(r.time);
    if (r.kind == "set") {
      j["set"] = r.text;
      j["value"] = r.value;
    } else if (r.kind == "action") {
      j["action"] = r.text;
      j["args"] = r.args;
    } else {
      j[r.kind] = r.text;
    }
    voice_.decorate(r, j);
    std::cout << core::jsonLine(j) << '\n';
    std::cout.flush();
  }

  const ChatOptions& options_;
  core::VirtualClock clock_;
  engine::Engine engine_;
  ChatVoice voice_;
};

}  // namespace

void addChatCommand(CLI::App& app, int& status) {
  auto options = std::make_shared<ChatOptions>();
  auto* cmd = app.add_subcommand("chat", "Talk with QiChat topics (or a package's dialogs) on the simulated robot");
  cmd->add_option("PATH", options->paths, "Topic files (.top) or one package folder")->required();
  cmd->add_option("--language", options->language, "English, French, enu, frf... (default: the package's first)");
  cmd->add_flag("--json", options->json, "JSON Lines with times, variables set and actions");
  cmd->add_option("--input", options->input, "Read what is said from FILE instead of standard input");
  addChatVoiceOptions(cmd, options->voice);
  cmd->footer(kChatHelp);
  cmd->callback([options, &status] { status = Chat(*options).run(); });
}

}  // namespace autolife::app
