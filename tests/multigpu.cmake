# The multi-GPU tests that need two or more CUDA devices, once more under the ctest label
# multigpu (ctest -L multigpu); they report "skipped" with fewer devices.
if(GPULIFE_HAVE_CUDA AND TARGET gpu_multigpu_test)
  add_test(NAME gpu_multigpu_two_devices
           COMMAND gpu_multigpu_test --gtest_filter=MultiGpuTwoDevicesTest.*)
  set_tests_properties(gpu_multigpu_two_devices PROPERTIES
    LABELS "gpu;multigpu"
    SKIP_REGULAR_EXPRESSION
    "skipped: no CUDA device;skipped: built without NCCL;skipped: fewer than 2 CUDA devices")
endif()
