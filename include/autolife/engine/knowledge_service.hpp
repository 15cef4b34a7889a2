// ALKnowledge: triples (subject, predicate, object) by domain, for boxes
// and for QiChat's knowledge functions (^addKnowledge... in the
// "com.aldebaran.learning" domain, docs/dialog.md). NAOqi's method names and
// argument shapes: add, update, remove, contains, query, getSubject,
// getPredicate, getObject, resetKnowledge; "*" is a wildcard, and query's
// "?" is the place asked for. Kept in memory for the engine's life (NAOqi
// keeps them on the robot's disk: not modelled yet). The catalog's other
// methods (metadata, dates) are stubs.
#pragma once

#include <memory>

#include "autolife/service/service.hpp"

namespace autolife::engine {

std::shared_ptr<service::Service> makeKnowledgeService();

}  // namespace autolife::engine
