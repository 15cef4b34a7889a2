// Compiled with the memory module's include path only: memory sits below
// the engine, so this must not compile (tests/layering/CMakeLists.txt).
#include "autolife/engine/engine.hpp"
