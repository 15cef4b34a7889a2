// Compiled with the memory module's include path only: a header of a module
// memory depends on (core) is found, so this compiles.
#include "autolife/core/value.hpp"
#include "autolife/memory/memory.hpp"
