# Cross build for s390x (64-bit big endian) with Debian's s390x-linux-gnu toolchain (scripts/check-cross.sh):
#   cmake -S . -B build-cross/s390x --toolchain cmake/toolchains/s390x.cmake
# Executables are linked statically so that qemu-user runs them without the target's loader
# (tests run through CMAKE_CROSSCOMPILING_EMULATOR, which ctest and the Python tests use).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(CMAKE_C_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_ASM_COMPILER s390x-linux-gnu-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/s390x-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# the host's pkg-config files describe x86-64 libraries
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/s390x-linux-gnu/pkgconfig)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
find_program(GN_QEMU_s390x qemu-s390x)
if(GN_QEMU_s390x)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GN_QEMU_s390x})
endif()
