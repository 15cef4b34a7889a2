# The fuzz targets: autolife_fuzzer(<name> SOURCES <files in fuzz/> DEPS ...).
# fuzz/CMakeLists.txt builds each as a libFuzzer program (the `fuzz`
# preset); tests/fuzz_regressions/ builds each again without libFuzzer, as a
# test that replays its seed corpus fuzz/corpus/<name>/ (the other presets).
autolife_fuzzer(condition SOURCES condition_fuzzer.cpp DEPS autolife::trace)
autolife_fuzzer(manifest SOURCES manifest_fuzzer.cpp DEPS autolife::package)
autolife_fuzzer(project SOURCES project_fuzzer.cpp DEPS autolife::package)
autolife_fuzzer(xar SOURCES xar_fuzzer.cpp DEPS autolife::behavior)
autolife_fuzzer(scenario SOURCES scenario_fuzzer.cpp DEPS autolife::sim)
autolife_fuzzer(trace SOURCES trace_fuzzer.cpp DEPS autolife::trace)
autolife_fuzzer(api_message SOURCES api_message_fuzzer.cpp DEPS autolife::api)
autolife_fuzzer(qichat SOURCES qichat_fuzzer.cpp DEPS autolife::dialog)
autolife_fuzzer(qichat_match SOURCES qichat_match_fuzzer.cpp DEPS autolife::dialog)
autolife_fuzzer(record SOURCES record_fuzzer.cpp DEPS autolife::replay)
autolife_fuzzer(mqtt_call SOURCES mqtt_call_fuzzer.cpp DEPS autolife::fleet)
autolife_fuzzer(audio SOURCES audio_fuzzer.cpp DEPS autolife::voice)
