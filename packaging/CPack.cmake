# Packaging: .deb and .tar.gz through CPack (`cpack --config build/CPackConfig.cmake`, or
# `cmake --build build --target package`). Included last from the top-level CMakeLists.txt so that
# targets made by other folders (the probe) exist when the install rules below are decided.
include(GNUInstallDirs)

# The GPU probe, when this build has one: installed where the doctor looks for it.
if(TARGET rocm-doctor-probe)
  install(TARGETS rocm-doctor-probe RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/rocm-doctor)
endif()
# The compile-check source the doctor hands to hipcc on the user's machine, and the probe's
# kernels, which the probe compiles with that hipcc when it has no code object for the GPU.
install(FILES ${PROJECT_SOURCE_DIR}/probes/compile_check.hip ${PROJECT_SOURCE_DIR}/probes/kernels.hip
        DESTINATION ${CMAKE_INSTALL_DATADIR}/rocm-doctor/probes)

# Shell completion (handwritten from src/cli/app.cpp; tests/integration/completion_sync.sh keeps
# them in step with --help).
install(FILES ${CMAKE_CURRENT_LIST_DIR}/completions/rocm-doctor.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME rocm-doctor)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/completions/_rocm-doctor
        DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

# Man page from the binary's own --help at build time (help2man, Debian package help2man), with
# every subcommand's --help in a COMMANDS section (man-commands.sh). ux-review m6: the NAME line
# had literal quotes (VERBATIM keeps them: the whole argument is quoted instead) and "…" became
# "???" (help2man defaults to --locale=C: C.UTF-8 now); tests/integration/man_page.sh.
find_program(HELP2MAN help2man)
find_program(GZIP gzip)
if(HELP2MAN AND GZIP)
  set(_man ${CMAKE_CURRENT_BINARY_DIR}/rocm-doctor.1)
  set(_include ${CMAKE_CURRENT_BINARY_DIR}/rocm-doctor-man.h2m)
  add_custom_command(
    OUTPUT ${_man}.gz
    COMMAND ${CMAKE_COMMAND} -E env ROCM_DOCTOR_RULES=${PROJECT_SOURCE_DIR}/rules NO_COLOR=1 LC_ALL=C.UTF-8
            sh ${CMAKE_CURRENT_LIST_DIR}/man-commands.sh $<TARGET_FILE:rocm-doctor> ${CMAKE_CURRENT_LIST_DIR}/man-extra.h2m ${_include}
    COMMAND ${CMAKE_COMMAND} -E env ROCM_DOCTOR_RULES=${PROJECT_SOURCE_DIR}/rules NO_COLOR=1 LC_ALL=C.UTF-8
            ${HELP2MAN} --no-info --no-discard-stderr --section=1 --locale=C.UTF-8
            "--name=diagnose an AMD ROCm / HIP installation"
            --include=${_include}
            --output=${_man} $<TARGET_FILE:rocm-doctor>
    COMMAND ${GZIP} -9nf ${_man}
    DEPENDS rocm-doctor ${CMAKE_CURRENT_LIST_DIR}/man-extra.h2m ${CMAKE_CURRENT_LIST_DIR}/man-commands.sh
    COMMENT "help2man: rocm-doctor.1"
    VERBATIM)
  add_custom_target(rocm-doctor-man ALL DEPENDS ${_man}.gz)
  install(FILES ${_man}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
else()
  message(STATUS "help2man or gzip not found: no man page (apt-get install help2man)")
endif()

set(CPACK_PACKAGE_NAME rocm-doctor)
set(CPACK_PACKAGE_VENDOR "rocm-doctor")
set(CPACK_PACKAGE_CONTACT "rocm-doctor maintainers <rocm-doctor@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Diagnose AMD ROCm / HIP installs: what is wrong and how to fix it")
set(CPACK_PACKAGE_DESCRIPTION
    "rocm-doctor checks the OS, kernel driver, device permissions, ROCm user space, compilers and
frameworks of a machine (or a container, or every node of a cluster) and explains each problem
with the commands that fix it. It runs without ROCm installed: HIP and rocm_smi are only dlopened.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR "DEB;TGZ")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
# Depends only on what the binary links (libc6, libstdc++6, libgcc-s1, computed from its symbol
# versions); ROCm is recommended, never required: the doctor must run where ROCm is broken.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "rocminfo, rocm-smi, hipcc")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "slurm-client")
# The tarball is relocatable (bin/, share/, libexec/ under one folder): the doctor finds its rules
# at <exe>/../share/rocm-doctor/rules.
set(CPACK_PROJECT_CONFIG_FILE ${CMAKE_CURRENT_LIST_DIR}/CPackProjectConfig.cmake)
include(CPack)
