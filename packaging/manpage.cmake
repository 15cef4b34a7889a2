# autolife.1 from the binary's --help and --version (help2man), with each
# subcommand's --help in a section of its own (autolife.h2m says what
# else goes in). Run by `cmake --install` (packaging/CMakeLists.txt).
execute_process(COMMAND ${BINARY} --help OUTPUT_VARIABLE top RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "${BINARY} --help failed")
endif()
string(REGEX MATCH "Subcommands:\n.*" listed "${top}")
string(REGEX MATCHALL "\n  ([a-z]+)" names "${listed}")
set(sections "")
foreach(line IN LISTS names)
  string(STRIP "${line}" name)
  execute_process(COMMAND ${BINARY} ${name} --help OUTPUT_VARIABLE text)
  string(REPLACE "${BINARY}" "autolife" text "${text}")  # CLI11's usage names argv[0]
  string(REGEX REPLACE "\\\\" "\\\\e" text "${text}")
  string(REGEX REPLACE "\n\\." "\n\\\\&." text "${text}")
  string(APPEND sections ".SS \"autolife ${name}\"\n.nf\n${text}.fi\n")
endforeach()
get_filename_component(folder "${OUTPUT}" DIRECTORY)
file(READ "${INCLUDE}" include)
file(WRITE "${folder}/autolife.h2m" "${include}\n[SUBCOMMANDS]\n${sections}")
execute_process(COMMAND ${HELP2MAN} --no-info --section 1 --name "Autonomous Life for NAO and Pepper robots"
                        --include "${folder}/autolife.h2m" --output "${OUTPUT}" ${BINARY}
                RESULT_VARIABLE failed)
file(REMOVE "${folder}/autolife.h2m")
if(failed)
  message(FATAL_ERROR "help2man failed")
endif()
execute_process(COMMAND gzip -9nf "${OUTPUT}" RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "gzip ${OUTPUT} failed")
endif()
