// The Autolife service's voice methods: hearAudio and speechAudio
// (voice_methods.cpp, docs/dashboard.md).
#pragma once

#include "autolife/engine/engine.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

void addVoiceMethods(service::Service& autolife, Engine& engine);

}  // namespace autolife::engine
