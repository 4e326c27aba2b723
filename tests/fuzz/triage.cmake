# libFuzzer target over the whole triage entry point (tests/fuzz/fuzz_triage.cpp).
# Include from tests/fuzz/CMakeLists.txt (ROCM_DOCTOR_FUZZ=ON, clang, core built with
# -fsanitize=fuzzer-no-link,address):  include(${CMAKE_CURRENT_LIST_DIR}/triage.cmake)
# Run: ./fuzz_triage -runs=10000000 -max_len=8192 ../tests/fixtures/triage
add_executable(fuzz_triage ${CMAKE_CURRENT_LIST_DIR}/fuzz_triage.cpp)
target_link_libraries(fuzz_triage PRIVATE rocm_doctor_core)
target_compile_options(fuzz_triage PRIVATE -fsanitize=fuzzer,address)
target_link_options(fuzz_triage PRIVATE -fsanitize=fuzzer,address)
