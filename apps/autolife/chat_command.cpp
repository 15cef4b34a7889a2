// `autolife chat TOPIC.top... | PACKAGE_DIR [--language LANG] [--json]
// [--input FILE]`: a conversation with QiChat topics on the simulated robot,
// in virtual time. Each line read is what a person says; the robot's side
// is printed as it says it (docs/dialog.md).
#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <set>


#include "autolife/core/clock.hpp"
#include "autolife/dialog/services.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/engine/package_dialogs.hpp"
#include "autolife/package/store.hpp"
#include "chat_output.hpp"
#include "chat_voice.hpp"
#include "commands.hpp"

namespace autolife::app {

namespace {

constexpr const char* kChatHelp = R"(
Loads the topics (a package folder: its dialogs in the language, by default
the first the package supports, else English; its behaviors are installed
for the answers' ^runBehavior), activates them, then reads
what a person says, one utterance per line, from standard input or --input,
and prints the robot's side. Each utterance waits until the robot has
finished speaking; time is virtual and starts at 0.
Plain output (at a terminal, "human: " is the prompt):
  human: hello                  robot: hi there
  robot: ^start(animations/Stand/Gestures/Hey_1)     (what an answer does)
  robot: (not understood)       robot: (could not answer: $name is not set, t.top:3)
  robot: (^runBehavior(moves/wave) failed: no behavior named moves/wave is installed)
Speech tags are applied (\pau=500\ is "..."; \rspd=80\ and the like are not said).
--json, JSON Lines:
  {"t": 0.0, "human": "hello"}    {"t": 0.0, "robot": "hi ... there", "raw": "hi \\pau=500\\ there"}
  {"t": 1.9, "set": "name", "value": "Bob"} {"t": 0.0, "not-understood": "xyzzy"}
  {"t": 0.0, "speak-failure": "$name is not set", "at": "t.top:3"}
  {"t": 0.0, "action": "start", "args": ["animations/Stand/Gestures/Hey_1"]}
  {"t": 0.0, "action-failed": "runBehavior", "args": ["moves/wave"], "reason": "..."}
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
  explicit Chat(const ChatOptions& o)
      : options_(o), engine_(clock_), output_(std::cout, o.json, (o.input.empty() || o.input == "-") && stdinIsTerminal()),
        voice_(o.voice, engine_, o.json) {
    engine_.dialog.records.connect([this](const dialog::DialogRecord& r) { output_.print(r); });
    output_.share([this](const dialog::DialogRecord& r) { return voice_.print(r); },
                  [this](const dialog::DialogRecord& r, nlohmann::ordered_json& j) { voice_.decorate(r, j); });
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
    while ((output_.prompt(), std::getline(in, line))) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) continue;
      engine_.hear(line, 1.0);
      settle();
    }
    output_.finish();
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
        installBehaviors(p);
        if (language.empty()) language = engine::defaultDialogLanguage(*loaded.package);
        const auto topics = engine::dialogTopicsOf(*loaded.package, dialog::languageName(language));
        if (topics.empty() && !dialog::languageName(language).empty())
          std::cerr << "autolife chat: " << p << " has no topic in " << dialog::languageName(language) << '\n';
        for (const auto& f : topics) files.push_back(f.string());
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
      dialog::ParseResult r = dialog::loadTopicFile(f, language);
      for (const auto& problem : r.problems) std::cerr << problem.format() << '\n';
      if (!r.topic) {
        status = 1;
        continue;
      }
      noteMissingLexicon(*r.topic);
      if (language.empty()) {  // topics given alone: the first one's language
        language = r.topic->language;
        engine_.dialog.dialog().setLanguage(language);
      }
      try {
        names.push_back(engine_.dialog.loadFile(f));  // with its include: files
        engine_.dialog.activate(names.back());
      } catch (const service::CallError& e) {
        std::cerr << f << ": " << e.what() << '\n';
        status = 1;
      }
    }
    return names;
  }

  // The package's behaviors, installed where they lie, for its answers'
  // ^runBehavior and ^switchFocus (Life does not run here: no activity
  // starts by itself).
  void installBehaviors(const std::string& folder) {
    const auto installed = engine_.loadPackage(folder);
    if (installed.installed) return;
    std::cerr << "autolife chat: " << folder << ": its behaviors cannot run here:\n";
    for (const auto& problem : installed.problems) std::cerr << problem.format() << '\n';
  }

  // A topic that includes NAOqi's lexicon in a language autolife has none
  // of: said once per language (its ~yes, ~no... never match here).
  void noteMissingLexicon(const dialog::Topic& topic) {
    const bool includesLexicon = std::any_of(topic.includes.begin(), topic.includes.end(),
                                             [](const std::string& i) { return i.starts_with("lexicon"); });
    if (!includesLexicon || dialog::hasBuiltInLexicon(topic.language) || !notedLexicons_.insert(topic.language).second)
      return;
    std::cerr << "autolife chat: note: autolife has no built-in " << topic.language
              << " lexicon (NAOqi documents English, French and Japanese ones): the concepts of lexicon_"
              << dialog::languageCode(topic.language) << ".top are unknown here\n";
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

  const ChatOptions& options_;
  core::VirtualClock clock_;
  engine::Engine engine_;
  ChatOutput output_;
  ChatVoice voice_;
  std::set<std::string> notedLexicons_;
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
