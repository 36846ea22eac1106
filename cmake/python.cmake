# The Python package (python/genus, docs/PYTHON.md): the cffi extension module genus._genus_ffi,
# built from the public headers by python/genus/_ffi_build.py and linked with the static library.
# GENUS_PYTHON: ON (required), OFF, or AUTO (built when Python's development files and cffi are
# there). `pip install .` (scikit-build-core, pyproject.toml) sets ON and installs the component
# `python` only; in a build tree the package is staged in <build>/python (tests: PYTHONPATH).
set(GENUS_PYTHON AUTO CACHE STRING "Build the Python extension module: ON, OFF or AUTO")
set_property(CACHE GENUS_PYTHON PROPERTY STRINGS ON OFF AUTO)

set(GN_PYTHON_BUILT OFF)
# AUTO leaves it out of sanitizer and fuzzing builds (an instrumented module cannot load into a plain
# interpreter) and cross builds (the host's Python cannot import the target's code).
set(gn_python_want ${GENUS_PYTHON})
if(GENUS_PYTHON STREQUAL "AUTO" AND (GENUS_SANITIZE OR GENUS_TSAN OR GENUS_FUZZ OR CMAKE_CROSSCOMPILING))
  set(gn_python_want OFF)
endif()
if(NOT gn_python_want STREQUAL "OFF")
  if(GENUS_PYTHON STREQUAL "ON")
    find_package(Python3 REQUIRED COMPONENTS Interpreter Development.Module)
  else()
    find_package(Python3 COMPONENTS Interpreter Development.Module)
  endif()
  set(GN_HAVE_CFFI OFF)
  if(Python3_Development.Module_FOUND)
    execute_process(COMMAND ${Python3_EXECUTABLE} -c "import cffi" RESULT_VARIABLE gn_cffi_rc OUTPUT_QUIET ERROR_QUIET)
    if(gn_cffi_rc EQUAL 0)
      set(GN_HAVE_CFFI ON)
    endif()
  endif()
  if(GN_HAVE_CFFI)
    set(GN_PYTHON_BUILT ON)
  elseif(GENUS_PYTHON STREQUAL "ON")
    message(FATAL_ERROR "GENUS_PYTHON=ON needs Python's development files and cffi (python3 -m pip install cffi)")
  else()
    message(STATUS "Python extension not built: Python's development files or cffi missing (scripts/bootstrap.sh installs them)")
  endif()
endif()

if(GN_PYTHON_BUILT)
  set(GN_PY_STAGE ${CMAKE_BINARY_DIR}/python)
  set(GN_FFI_C ${CMAKE_CURRENT_BINARY_DIR}/generated/_genus_ffi.c)
  file(GLOB GN_PUBLIC_HEADERS ${PROJECT_SOURCE_DIR}/include/genus/*.h)
  add_custom_command(OUTPUT ${GN_FFI_C}
    COMMAND ${CMAKE_COMMAND} -E env CC=${CMAKE_C_COMPILER}
      ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/python/genus/_ffi_build.py
      ${PROJECT_SOURCE_DIR}/include ${GN_GEN_DIR}/include ${GN_FFI_C}
    DEPENDS ${PROJECT_SOURCE_DIR}/python/genus/_ffi_build.py ${GN_PUBLIC_HEADERS} ${GN_GEN_DIR}/include/genus/config.h
    COMMENT "cffi: generating the Python binding from the public headers" VERBATIM)
  Python3_add_library(_genus_ffi MODULE WITH_SOABI ${GN_FFI_C})
  target_link_libraries(_genus_ffi PRIVATE genus)
  set_target_properties(_genus_ffi PROPERTIES LIBRARY_OUTPUT_DIRECTORY ${GN_PY_STAGE}/genus)
  # the package's Python files beside the module, so that PYTHONPATH=<build>/python imports it
  # and the shipped architectures (data/arch) as genus/hw/arch, where genus.hw.reproduce finds them
  add_custom_target(genus_python_stage ALL
    COMMAND ${CMAKE_COMMAND} -E copy_directory ${PROJECT_SOURCE_DIR}/python/genus ${GN_PY_STAGE}/genus
    COMMAND ${CMAKE_COMMAND} -E copy_directory ${PROJECT_SOURCE_DIR}/data/arch ${GN_PY_STAGE}/genus/hw/arch
    COMMENT "staging the Python package in ${GN_PY_STAGE}" VERBATIM)
  add_dependencies(_genus_ffi genus_python_stage)
  # only into wheels: a plain `cmake --install` installs the C library, its headers and the tool
  if(SKBUILD)
    install(TARGETS _genus_ffi LIBRARY DESTINATION genus COMPONENT python)
    install(DIRECTORY ${PROJECT_SOURCE_DIR}/data/arch/ DESTINATION genus/hw/arch COMPONENT python FILES_MATCHING PATTERN "*.json")
  endif()
endif()
