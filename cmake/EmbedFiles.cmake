# autolife_embed_files(<output.cpp> NAMESPACE <ns> DIRECTORY <dir> FILES <names...>):
# writes <output.cpp>, the files as byte arrays in a table
# `const autolife::core::EmbeddedFile kEmbeddedFiles[]` (and
# kEmbeddedFileCount) in namespace <ns> (autolife/core/embedded_file.hpp), so
# that a page or a data file is read from a build folder or an installed
# binary alike, with nothing to find at run time. Regenerated when a file changes (CMake
# re-runs on its own).
function(autolife_embed_files output)
  cmake_parse_arguments(ARG "" "NAMESPACE;DIRECTORY" "FILES" ${ARGN})
  file(RELATIVE_PATH folder ${PROJECT_SOURCE_DIR} ${ARG_DIRECTORY})  # the same text in every checkout (ccache)
  string(CONCAT text "// Generated from ${folder} by autolife_embed_files (cmake/EmbedFiles.cmake).\n"
                     "#include \"autolife/core/embedded_file.hpp\"\n"
                     "namespace ${ARG_NAMESPACE} {\nnamespace {\n")
  set(table "")
  set(index 0)
  foreach(name IN LISTS ARG_FILES)
    set(file ${ARG_DIRECTORY}/${name})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
    file(READ ${file} hex HEX)
    string(LENGTH "${hex}" digits)
    math(EXPR size "${digits} / 2")
    string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
    string(APPEND text "const unsigned char kFile${index}[] = {${bytes}};\n")
    string(APPEND table "    {\"/${name}\", kFile${index}, ${size}},\n")
    math(EXPR index "${index} + 1")
  endforeach()
  string(APPEND text "}  // namespace\n"
                     "extern const autolife::core::EmbeddedFile kEmbeddedFiles[];\n"
                     "extern const std::size_t kEmbeddedFileCount;\n"
                     "const autolife::core::EmbeddedFile kEmbeddedFiles[] = {\n${table}};\n"
                     "const std::size_t kEmbeddedFileCount = ${index};\n"
                     "}  // namespace ${ARG_NAMESPACE}\n")
  file(CONFIGURE OUTPUT ${output} CONTENT "${text}" @ONLY)
endfunction()
