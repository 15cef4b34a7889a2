# Common settings for every autolife target: warnings, sanitizers.
function(autolife_target_settings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(AUTOLIFE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
  if(AUTOLIFE_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=${AUTOLIFE_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
    target_link_options(${target} PRIVATE -fsanitize=${AUTOLIFE_SANITIZE})
  endif()
endfunction()

# autolife_module(name SOURCES ... DEPS ...): one static library per module,
# public headers under include/autolife/<name>/.
function(autolife_module name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(autolife_${name} STATIC ${ARG_SOURCES})
  add_library(autolife::${name} ALIAS autolife_${name})
  target_include_directories(autolife_${name} PUBLIC ${PROJECT_SOURCE_DIR}/include)
  target_link_libraries(autolife_${name} PUBLIC ${ARG_DEPS})
  autolife_target_settings(autolife_${name})
  # Clean builds (CI) compile each module in batches: the heavy headers
  # (Boost, JSON, pybind11) are parsed once per batch, not once per file.
  if(AUTOLIFE_UNITY_BUILD)
    set_target_properties(autolife_${name} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 6)
  endif()
endfunction()
