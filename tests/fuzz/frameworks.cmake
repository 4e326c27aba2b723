# Fuzz targets of the frameworks section. Included from tests/fuzz/CMakeLists.txt
# (include(${CMAKE_CURRENT_SOURCE_DIR}/frameworks.cmake)) when ROCM_DOCTOR_FUZZ is ON (clang):
#   cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DROCM_DOCTOR_FUZZ=ON -DROCM_DOCTOR_TESTS=OFF
#   ninja -C build-fuzz fuzz_offload_bundle
#   ./build-fuzz/tests/fuzz/fuzz_offload_bundle -max_total_time=60 tests/fixtures/bundles
add_executable(fuzz_offload_bundle ${CMAKE_CURRENT_LIST_DIR}/fuzz_offload_bundle.cpp)
target_compile_options(fuzz_offload_bundle PRIVATE -fsanitize=fuzzer,address,undefined)
target_link_options(fuzz_offload_bundle PRIVATE -fsanitize=fuzzer,address,undefined)
target_link_libraries(fuzz_offload_bundle PRIVATE rocm_doctor_core)
