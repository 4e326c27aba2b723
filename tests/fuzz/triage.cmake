# libFuzzer target over the whole triage entry point (tests/fuzz/fuzz_triage.cpp).
# Included from tests/fuzz/CMakeLists.txt; build with tests/fuzz/build.sh fuzz_triage (the core is
# compiled with -fsanitize=fuzzer-no-link,address,undefined there).
# Run: tests/fuzz/run_parallel.sh build-fuzz/tests/fuzz/fuzz_triage tests/fixtures/triage 10000000
add_executable(fuzz_triage ${CMAKE_CURRENT_LIST_DIR}/fuzz_triage.cpp)
target_link_libraries(fuzz_triage PRIVATE rocm_doctor_core)
target_compile_options(fuzz_triage PRIVATE ${RD_FUZZ_FLAGS})
target_link_options(fuzz_triage PRIVATE ${RD_FUZZ_FLAGS})
