# Common settings for every autolife target: warnings, sanitizers.
# LINK_SANITIZERS_ONLY: link the sanitizers' runtimes without instrumenting
# the target's own code (the test programs under the asan preset, see
# AUTOLIFE_INSTRUMENT_TESTS).
function(autolife_target_settings target)
  cmake_parse_arguments(ARG "LINK_SANITIZERS_ONLY" "" "" ${ARGN})
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(AUTOLIFE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(AUTOLIFE_SANITIZE)
    if(NOT ARG_LINK_SANITIZERS_ONLY)
      target_compile_options(${target} PRIVATE -fsanitize=${AUTOLIFE_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
      if(AUTOLIFE_SANITIZE_SKIP)
        target_compile_options(${target} PRIVATE -fno-sanitize=${AUTOLIFE_SANITIZE_SKIP})
      endif()
    endif()
    target_link_options(${target} PRIVATE -fsanitize=${AUTOLIFE_SANITIZE})
  endif()
endfunction()

# autolife_module(name SOURCES ... DEPS ...): one static library per module,
# public headers under include/autolife/<name>/, private ones in src/<name>/.
#
# The build enforces the layering: a module's include path holds its own
# public headers and, through DEPS (PUBLIC, so transitively), those of the
# modules it depends on, and nothing else. Each module's folder is exposed
# through a root of its own in the build tree,
# build/<preset>/module-include/<name>/autolife/<name> -> include/autolife/<name>,
# so that `#include "autolife/<other>/x.hpp"` of a module not among its
# dependencies fails to compile.
function(autolife_module_include_root name out)
  set(root ${CMAKE_BINARY_DIR}/module-include/${name})
  if(NOT EXISTS ${root}/autolife/${name})
    file(MAKE_DIRECTORY ${root}/autolife)
    file(CREATE_LINK ${PROJECT_SOURCE_DIR}/include/autolife/${name} ${root}/autolife/${name} SYMBOLIC)
  endif()
  set(${out} ${root} PARENT_SCOPE)
endfunction()

function(autolife_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(autolife_${name} STATIC ${ARG_SOURCES})
  add_library(autolife::${name} ALIAS autolife_${name})
  autolife_module_include_root(${name} root)
  target_include_directories(autolife_${name} PUBLIC ${root})
  target_link_libraries(autolife_${name} PUBLIC ${ARG_DEPS})
  autolife_target_settings(autolife_${name})
  # Clean builds (CI) compile each module in batches: the heavy headers
  # (Boost, JSON, pybind11) are parsed once per batch, not once per file.
  if(AUTOLIFE_UNITY_BUILD)
    set_target_properties(autolife_${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 12)
  endif()
endfunction()
