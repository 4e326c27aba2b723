# Debian/Ubuntu packages first (find_package); FetchContent of a pinned release only where a
# distribution has no package (Ubuntu 22.04 ships no libtomlplusplus-dev).
include(FetchContent)
find_package(Threads REQUIRED)

# fmt and toml++ are used header-only so the binary needs no libfmt.so / libtomlplusplus.so
# (debian-rocm-notes.md: the GPU machine and RHEL hosts have neither).
find_package(fmt CONFIG REQUIRED)
add_library(rd_deps::fmt INTERFACE IMPORTED)
if(ROCM_DOCTOR_SANITIZE)
  # A sanitizer build is never shipped (its portability checks are skipped), and header-only fmt
  # costs about 6 s of compile time in each file that formats under ASan: link libfmt.so there.
  target_link_libraries(rd_deps::fmt INTERFACE fmt::fmt)
else()
  target_link_libraries(rd_deps::fmt INTERFACE fmt::fmt-header-only)
endif()

find_package(tomlplusplus CONFIG QUIET)
add_library(rd_deps::toml INTERFACE IMPORTED)
if(tomlplusplus_FOUND)
  get_target_property(_toml_inc tomlplusplus::tomlplusplus INTERFACE_INCLUDE_DIRECTORIES)
  target_include_directories(rd_deps::toml INTERFACE ${_toml_inc})
else()
  message(STATUS "tomlplusplus package not found: fetching pinned v3.4.0")
  FetchContent_Declare(tomlplusplus
    GIT_REPOSITORY https://github.com/marzer/tomlplusplus.git
    GIT_TAG v3.4.0
    GIT_SHALLOW TRUE)
  FetchContent_Populate(tomlplusplus)
  target_include_directories(rd_deps::toml INTERFACE ${tomlplusplus_SOURCE_DIR}/include)
endif()
target_compile_definitions(rd_deps::toml INTERFACE TOML_HEADER_ONLY=1 TOML_EXCEPTIONS=0)

find_package(nlohmann_json 3.10 CONFIG REQUIRED)
add_library(rd_deps::json INTERFACE IMPORTED)
target_link_libraries(rd_deps::json INTERFACE nlohmann_json::nlohmann_json)

find_package(CLI11 CONFIG REQUIRED)
add_library(rd_deps::cli11 INTERFACE IMPORTED)
target_link_libraries(rd_deps::cli11 INTERFACE CLI11::CLI11)

# Compressed clang offload bundles (CCOB, ROCm 6.2+) are zstd or zlib. zstd is linked
# statically where the archive exists, so the binary runs on hosts without libzstd.
find_path(ZSTD_INCLUDE_DIR zstd.h REQUIRED)
find_library(ZSTD_LIBRARY NAMES libzstd.a zstd REQUIRED)
find_path(ZLIB_INCLUDE_DIR zlib.h REQUIRED)
find_library(ZLIB_LIBRARY NAMES libz.a z REQUIRED)
add_library(rd_deps::compress INTERFACE IMPORTED)
target_include_directories(rd_deps::compress INTERFACE ${ZSTD_INCLUDE_DIR} ${ZLIB_INCLUDE_DIR})
target_link_libraries(rd_deps::compress INTERFACE ${ZSTD_LIBRARY} ${ZLIB_LIBRARY})
# libelf (elfutils, libelf-dev / elfutils-libelf-devel) reads DT_NEEDED, RUNPATH and symbol
# versions of libraries without loading them. Static where the archive exists (it needs zlib),
# so the shipped binary links nothing beyond libc, libm, libstdc++ and libgcc_s (issue: portable
# binary; the doctor must run where the ROCm install, libelf.so.1 included, is broken).
find_path(LIBELF_INCLUDE_DIR gelf.h REQUIRED)
find_library(LIBELF_LIBRARY NAMES libelf.a elf REQUIRED)
add_library(rd_deps::elf INTERFACE IMPORTED)
target_include_directories(rd_deps::elf INTERFACE ${LIBELF_INCLUDE_DIR})
target_link_libraries(rd_deps::elf INTERFACE ${LIBELF_LIBRARY} rd_deps::compress)
# RE2 (libre2-dev): the linear-time regex engine for rules, triage, parsers and redaction, so no
# pattern in a --rules directory or a paste can hang the doctor (hostile-input report D14).
# Static where the archive exists, like libelf, so the binary still links only libc, libm,
# libstdc++ and libgcc_s; RE2's own dependencies (abseil from 2023 on) come from pkg-config.
find_package(PkgConfig REQUIRED)
pkg_check_modules(RE2 REQUIRED re2)
find_library(RE2_ARCHIVE NAMES libre2.a HINTS ${RE2_LIBRARY_DIRS} ${RE2_STATIC_LIBRARY_DIRS})
add_library(rd_deps::re2 INTERFACE IMPORTED)
target_include_directories(rd_deps::re2 INTERFACE ${RE2_INCLUDE_DIRS})
target_compile_options(rd_deps::re2 INTERFACE ${RE2_CFLAGS_OTHER})
if(RE2_ARCHIVE)
  set(_re2_rest ${RE2_STATIC_LIBRARIES})
  list(REMOVE_ITEM _re2_rest re2 pthread)
  target_link_libraries(rd_deps::re2 INTERFACE ${RE2_ARCHIVE} ${_re2_rest} Threads::Threads)
else()
  target_link_directories(rd_deps::re2 INTERFACE ${RE2_LIBRARY_DIRS})
  target_link_libraries(rd_deps::re2 INTERFACE ${RE2_LIBRARIES})
endif()
