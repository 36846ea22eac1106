# Cross build for ARMv7 (hard float, 32-bit) with Debian's arm-linux-gnueabihf toolchain (scripts/check-cross.sh):
#   cmake -S . -B build-cross/armhf --toolchain cmake/toolchains/armhf.cmake
# Executables are linked statically so that qemu-user runs them without the target's loader
# (tests run through CMAKE_CROSSCOMPILING_EMULATOR, which ctest and the Python tests use).
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-linux-gnueabihf-gcc)
set(CMAKE_ASM_COMPILER arm-linux-gnueabihf-gcc)
set(CMAKE_FIND_ROOT_PATH /usr/arm-linux-gnueabihf)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# the host's pkg-config files describe x86-64 libraries
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/arm-linux-gnueabihf/pkgconfig)
set(CMAKE_EXE_LINKER_FLAGS_INIT -static)
find_program(GN_QEMU_arm qemu-arm)
if(GN_QEMU_arm)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${GN_QEMU_arm})
endif()
