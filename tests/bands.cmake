# The multi-GPU engine's paths that need the gpulife binary on a GPU: two ranks (processes) of
# one grid against one process (label gpu: both ranks on one GPU, halos through the host;
# label multigpu: one GPU each, NCCL), and the viewer's banded view against bit-multistep's.
# They say "skipped: ..." without a CUDA device (or with fewer than two, for multigpu).
if(GPULIFE_HAVE_CUDA AND TARGET gpulife)
  set(GPULIFE_BANDS_SKIP "skipped: no CUDA device;skipped: fewer than 2 CUDA devices")
  add_test(NAME gpu_bands_two_ranks_one_gpu
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/scripts/bands_ranks_check.sh
                   $<TARGET_FILE:gpulife> ${CMAKE_CURRENT_BINARY_DIR}/bands_ranks_host host)
  add_test(NAME gpu_bands_two_ranks_nccl
           COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/scripts/bands_ranks_check.sh
                   $<TARGET_FILE:gpulife> ${CMAKE_CURRENT_BINARY_DIR}/bands_ranks_nccl nccl)
  set_tests_properties(gpu_bands_two_ranks_one_gpu PROPERTIES
    LABELS gpu SKIP_REGULAR_EXPRESSION "${GPULIFE_BANDS_SKIP}" TIMEOUT 600)
  set_tests_properties(gpu_bands_two_ranks_nccl PROPERTIES
    LABELS "gpu;multigpu" SKIP_REGULAR_EXPRESSION "${GPULIFE_BANDS_SKIP}" TIMEOUT 600)
  if(TARGET gpulife_viewer)
    add_test(NAME gpu_bands_view
             COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/scripts/bands_view_check.sh
                     $<TARGET_FILE:gpulife> ${CMAKE_CURRENT_BINARY_DIR}/bands_view)
    set_tests_properties(gpu_bands_view PROPERTIES
      LABELS "gpu;viewer" SKIP_REGULAR_EXPRESSION "${GPULIFE_BANDS_SKIP}" TIMEOUT 600
      ENVIRONMENT "GPULIFE_SHADER_DIR=${PROJECT_SOURCE_DIR}/shaders")
  endif()
endif()
