# Fuzz targets of the frameworks section. Included from tests/fuzz/CMakeLists.txt
# (include(${CMAKE_CURRENT_SOURCE_DIR}/frameworks.cmake)) when ROCM_DOCTOR_FUZZ is ON (clang):
#   cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DROCM_DOCTOR_FUZZ=ON -DROCM_DOCTOR_TESTS=OFF
#   ninja -C build-fuzz fuzz_offload_bundle
#   ./build-fuzz/tests/fuzz/fuzz_offload_bundle -max_total_time=600 -rss_limit_mb=2048 tests/fixtures/bundles
# The seed corpus is the fixture folder itself: real plain and compressed (CCOB v1/v2/v3) bundles,
# HIP objects and shared libraries. The reader's sources are compiled into the target (not taken
# from rocm_doctor_core, which is built without coverage instrumentation) so that libFuzzer's
# coverage feedback sees the bundle, CCOB and ELF section code.
add_executable(fuzz_offload_bundle ${CMAKE_CURRENT_LIST_DIR}/fuzz_offload_bundle.cpp
  ${RD_SRC}/parsers/offload_bundle.cpp ${RD_SRC}/parsers/elf_sections.cpp ${RD_FUZZ_COMMON})
target_include_directories(fuzz_offload_bundle PRIVATE ${RD_SRC})
target_compile_options(fuzz_offload_bundle PRIVATE ${RD_FUZZ_FLAGS} -fno-omit-frame-pointer)
target_link_options(fuzz_offload_bundle PRIVATE ${RD_FUZZ_FLAGS})
target_link_libraries(fuzz_offload_bundle PRIVATE rd_deps::compress)
# The kpack reader (issue 15); seeds: tests/fixtures/kpack (tests/tools/make_kpack.py).
#   ./build-fuzz/tests/fuzz/fuzz_kpack -max_total_time=300 -rss_limit_mb=2048 CORPUS tests/fixtures/kpack
add_executable(fuzz_kpack ${CMAKE_CURRENT_LIST_DIR}/fuzz_kpack.cpp
  ${RD_SRC}/parsers/kpack.cpp ${RD_SRC}/parsers/elf_sections.cpp ${RD_FUZZ_COMMON})
target_include_directories(fuzz_kpack PRIVATE ${RD_SRC})
target_compile_options(fuzz_kpack PRIVATE ${RD_FUZZ_FLAGS} -fno-omit-frame-pointer)
target_link_options(fuzz_kpack PRIVATE ${RD_FUZZ_FLAGS})
target_link_libraries(fuzz_kpack PRIVATE rd_deps::json rd_deps::fmt)
