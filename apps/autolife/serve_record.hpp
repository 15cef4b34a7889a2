// `serve --record DAY` and serve's recorded days (docs/replay.md): each
// run recorded, by default into the data folder's days/ (the last 7 days
// kept), with `--record FILE` into that file, none with `--record off`.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "autolife/replay/recorder.hpp"
#include "serve_log.hpp"

namespace autolife {
namespace engine {
class Engine;
}
namespace store {
class Store;
}
}  // namespace autolife

namespace autolife::app {

// On the engine's thread, as soon as it is built (before its packages
// load): the recorder attached, or nothing (`--record off`, or a file that
// cannot be written: said in the log, serve goes on without).
std::unique_ptr<replay::Recorder> startServeRecording(const std::string& option, const std::filesystem::path& data,
                                                      engine::Engine& engine, bool robot, store::Store* store,
                                                      ServeLog& log);

}  // namespace autolife::app
