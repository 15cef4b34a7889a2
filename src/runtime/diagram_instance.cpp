#include <algorithm>

#include "parts.hpp"

namespace autolife::runtime::detail {

DiagramInstance::DiagramInstance(Run& run, const behavior::Diagram& model, BoxInstance& owner)
    : run_(run), model_(model), owner_(owner) {}

DiagramInstance::~DiagramInstance() { unload(); }

void DiagramInstance::load() {
  if (loaded_) return;
  loaded_ = true;
  for (const auto& box : model_.boxes) boxes_[box.id] = std::make_shared<BoxInstance>(run_, box, &owner_);
  for (const auto& link : model_.links) connect(link);
  for (auto& [id, box] : boxes_) box->load();
  // The owner's onLoad input reaches this newly loaded diagram only, not the
  // boxes of diagrams that were already there.
  for (const auto& input : owner_.model().inputs) {
    if (input.nature != behavior::InputNature::OnLoad) continue;
    for (const auto& link : model_.links) {
      if (link.outputOwner != 0 || link.indexOfOutput != input.id) continue;
      if (link.inputOwner == 0) owner_.emit(link.indexOfInput, std::nullopt);
      else if (auto it = boxes_.find(link.inputOwner); it != boxes_.end()) it->second->receive(link.indexOfInput, std::nullopt);
    }
  }
}

// Owner 0 is the box holding the diagram: a link from (0, input) forwards
// that input inside; a link to (0, output) fires that output.
void DiagramInstance::connect(const behavior::Link& link) {
  std::vector<Target>* from = nullptr;
  if (link.outputOwner == 0) {
    from = &owner_.forwardTargets(link.indexOfOutput);
  } else if (auto it = boxes_.find(link.outputOwner); it != boxes_.end()) {
    from = &it->second->outputTargets(link.indexOfOutput);
  }
  Target to;
  if (link.inputOwner == 0) {
    to = {&owner_, link.indexOfInput, true};
  } else if (auto it = boxes_.find(link.inputOwner); it != boxes_.end()) {
    to = {it->second.get(), link.indexOfInput, false};
  }
  if (!from || !to.box) return;  // the parser reports links to missing boxes
  from->push_back(to);
  connections_.push_back({from, to});
}

void DiagramInstance::unload() {
  if (!loaded_) return;
  loaded_ = false;
  for (const auto& c : connections_) {
    auto it = std::find(c.list->begin(), c.list->end(), c.target);
    if (it != c.list->end()) c.list->erase(it);
  }
  connections_.clear();
  for (auto& [id, box] : boxes_) box->unload();
  boxes_.clear();  // box threads still running keep their box until they end
}

}  // namespace autolife::runtime::detail
