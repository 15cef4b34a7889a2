// Writing a behavior as a new-format folder (see converter.hpp). Every
// document is built before anything is written, so a behavior that cannot
// be written leaves the folder untouched.
#include "autolife/behavior/converter.hpp"

#include <fstream>
#include <sstream>

#include "autolife/behavior/object_names.hpp"
#include "autolife/behavior/state_machine.hpp"
#include "autolife/behavior/xar_parser.hpp"
#include "main_script.hpp"
#include "new_format_xml.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

namespace {

namespace fs = std::filesystem;

struct PendingFile {
  std::string name;
  std::string content;
};

core::Diagnostic fileError(const fs::path& path, std::string message) {
  core::Diagnostic d;
  d.file = path.string();
  d.message = std::move(message);
  return d;
}

std::string render(const pugi::xml_document& doc) {
  std::ostringstream out;
  doc.save(out, "    ", pugi::format_default, pugi::encoding_utf8);
  return out.str();
}

void addBoxFiles(const NewFormatXml& xml, const Box& box, const std::string& name, std::vector<PendingFile>& files) {
  pugi::xml_document description;
  xml.box(description, box);
  files.push_back({name + ".xml", render(description)});
  files.push_back({name + ".py", box.script.content});
  if (!box.timeline) return;
  pugi::xml_document timeline;
  xml.timeline(timeline, box);
  files.push_back({name + "_timeline.xml", render(timeline)});
  StateMachine machine = buildStateMachine(*box.timeline);
  if (machine.states.empty()) return;
  pugi::xml_document states;
  xml.stateMachine(states, box, machine);
  files.push_back({name + "_state_machine.xml", render(states)});
  for (std::size_t i = 0; i < machine.states.size(); ++i) {
    pugi::xml_document state;
    xml.state(state, box, machine.states[i]);
    files.push_back({name + "_state_" + std::to_string(i) + ".xml", render(state)});
  }
}

bool prepareFolder(const fs::path& folder, const ConvertOptions& options, ConvertResult& result) {
  std::error_code ec;
  if (fs::exists(folder, ec)) {
    if (!fs::is_directory(folder, ec)) {
      result.errors.push_back(fileError(folder, "the output exists and is not a folder"));
      return false;
    }
    if (!options.overwrite && !fs::is_empty(folder, ec)) {
      result.errors.push_back(fileError(folder, "the output folder is not empty; files of an earlier conversion "
                                                "would mix with the new ones (use --force to write into it)"));
      return false;
    }
    return true;
  }
  fs::create_directories(folder, ec);
  if (ec) result.errors.push_back(fileError(folder, "cannot create the output folder: " + ec.message()));
  return !ec;
}

void writeFiles(const fs::path& folder, const std::vector<PendingFile>& files, ConvertResult& result) {
  for (const PendingFile& file : files) {
    fs::path path = folder / file.name;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(file.content.data(), static_cast<std::streamsize>(file.content.size()));
    out.close();
    if (!out) {
      result.errors.push_back(fileError(path, "cannot write the file"));
      return;
    }
    result.files.push_back(path);
  }
}

}  // namespace

ConvertResult writeNewFormat(const Behavior& behavior, const fs::path& folder, const ConvertOptions& options) {
  ConvertResult result;
  ObjectNames names(behavior.root);
  NewFormatXml xml(names, result.errors);
  std::vector<PendingFile> files;
  for (const auto& [box, name] : names.all()) addBoxFiles(xml, *box, name, files);
  files.push_back({"main.py", mainScript(names.of(behavior.root), behavior.path.filename().string())});
  if (!result.errors.empty() || !prepareFolder(folder, options, result)) return result;
  writeFiles(folder, files, result);
  return result;
}

ConvertResult convertXar(const fs::path& xar, const fs::path& folder, const ConvertOptions& options) {
  LoadResult loaded = parseXarFile(xar);
  if (!loaded.ok()) return ConvertResult{{}, std::move(loaded.errors), std::move(loaded.warnings)};
  ConvertResult result = writeNewFormat(*loaded.behavior, folder, options);
  result.warnings = std::move(loaded.warnings);
  return result;
}

}  // namespace autolife::behavior
