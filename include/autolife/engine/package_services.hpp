// PackageManager and ALBehaviorManager as services (REFERENCE §6, §8).
#pragma once

#include <memory>

#include "autolife/life/autonomous_life.hpp"
#include "autolife/life/runner.hpp"
#include "autolife/package/store.hpp"
#include "autolife/robot/animation_player.hpp"
#include "autolife/service/service.hpp"

namespace autolife::engine {

std::shared_ptr<service::Service> makePackageManagerService(package::PackageStore& store);

// Behaviors run directly (not as life's focus) go through `runner`; the
// focused activity counts as running too, and stopping it stops the focus.
// The robot's stock animations ("animations/Stand/Gestures/Hey_1", from
// `animations`) are installed system behaviors: they run for
// AnimationPlayer::kStockSeconds and end (runBehavior waits for them).
std::shared_ptr<service::Service> makeBehaviorManagerService(package::PackageStore& store, life::AutonomousLife& life,
                                                            life::ActivityRunner& runner,
                                                            robot::AnimationPlayer& animations);

}  // namespace autolife::engine
