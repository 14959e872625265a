# Per-file instruction-set flags for the cpu-simd engine's kernels. Each variant is compiled with
# its own -m flag and chosen at run time after a CPU check, so the library runs on any x86-64;
# on other processors the variants compile to nothing and the portable kernel is used.
include(CheckCXXCompilerFlag)
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64|i[3-6]86)$")
  check_cxx_compiler_flag(-mavx2 GPULIFE_COMPILER_HAS_AVX2)
  if(GPULIFE_COMPILER_HAS_AVX2)
    set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/simd_engine_avx2.cpp
                                PROPERTIES COMPILE_OPTIONS "-mavx2")
    target_compile_definitions(gpulife_core PRIVATE GPULIFE_SIMD_AVX2=1)
  endif()
  # GCC 12 warns about its own AVX-512 intrinsic headers (_mm512_undefined_epi32) under -Wall.
  check_cxx_compiler_flag("-mavx512f -mavx512vbmi2" GPULIFE_COMPILER_HAS_AVX512)
  if(GPULIFE_COMPILER_HAS_AVX512)
    set_source_files_properties(${CMAKE_CURRENT_SOURCE_DIR}/simd_engine_avx512.cpp
                                PROPERTIES COMPILE_OPTIONS "-mavx512f;-mavx512vbmi2;-Wno-maybe-uninitialized")
    target_compile_definitions(gpulife_core PRIVATE GPULIFE_SIMD_AVX512=1)
  endif()
endif()
