// Reads a new-format folder into the model (see new_format.hpp): objects
// are read from the root down, each once; links name objects and ports and
// are turned back into ids here.
#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <pugixml.hpp>

#include "autolife/behavior/load_result.hpp"
#include "autolife/behavior/xar_model.hpp"
#include "report.hpp"
#include "xar_reader.hpp"
#include "xml_file.hpp"

namespace autolife::behavior {

// The objects of one diagram, by object name, and the box that owns it.
struct DiagramScope {
  const Box& owner;
  const std::string& ownerName;
  std::map<std::string, const Box*> boxes;
  // Objects whose file could not be read: already reported, so links to them are dropped quietly.
  const std::set<std::string>& unreadable;
};

class NewFormatLoader {
public:
  NewFormatLoader(std::filesystem::path folder, const LoadLimits& limits, Report& report)
      : folder_(std::move(folder)), budget_{limits}, report_(report) {}

  std::optional<Box> load();

private:
  std::optional<std::string> findRoot();
  std::optional<Box> object(const std::string& name, const Source& usedAt, int depth);
  void readScript(Box& box, const XmlFile& file, const std::string& name);
  void readTimeline(Box& box, const std::string& name, int depth);
  BehaviorLayer layer(const XmlFile& file, pugi::xml_node element, const Box& owner, const std::string& ownerName,
                      int depth);
  Diagram diagram(const XmlFile& file, pugi::xml_node element, const Box& owner, const std::string& ownerName,
                  int depth);
  // The boxes named by <Object Name> children (those not in `seen`), read
  // and added to `diagram`; their object names, in the same order.
  std::vector<std::string> addObjects(Diagram& diagram, const XmlFile& file, pugi::xml_node element, int depth,
                                      std::set<std::string>* seen = nullptr);
  std::optional<Link> link(const XmlFile& file, pugi::xml_node element, const DiagramScope& scope);

  // libqicore's folders: layers rebuilt from the state machine.
  void layersFromStates(Timeline& timeline, const Box& owner, const std::string& name, int depth);
  void keyframeFromState(BehaviorLayer& layer, const XmlFile& file, const Box& owner, const std::string& ownerName,
                         int depth, std::set<std::string>& objects, std::set<std::string>& links);

  // A file of the folder, parsed; null when absent (reported unless `optional`) or bad.
  const XmlFile* openXml(const std::string& fileName, const Source& usedAt, std::string_view rootName,
                         bool optional = false);
  bool exists(const std::string& fileName) const;

  std::filesystem::path folder_;
  std::set<std::string> unreadable_;
  BoxBudget budget_;
  Report& report_;
  std::map<std::string, Source> used_;  // objects already read, and where
  std::vector<std::unique_ptr<XmlFile>> files_;
};

}  // namespace autolife::behavior
