# Cross build for AArch64 with Debian's aarch64-linux-gnu toolchain (scripts/check-cross.sh):
#   cmake -S . -B build-cross/aarch64 --toolchain cmake/toolchains/aarch64.cmake
# Executables are linked statically so that qemu-user runs them without the target's loader
# (tests run through CMAKE_CROSSCOMPILING_EMULATOR, which ctest and the Python tests use).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# the host's pkg-config files describe x86-64 libraries
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/aarch64-linux-gnu/pkgconfig)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
find_program(GN_QEMU_aarch64 qemu-aarch64)
if(GN_QEMU_aarch64)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GN_QEMU_aarch64})
endif()
