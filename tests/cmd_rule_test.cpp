// Tests for `gpulife rule`: canonical text, notation, B0 emulation and the compiled circuit.
#include <gtest/gtest.h>

#include <string>

#include "tests/cmd_test_support.hpp"

namespace gpulife::app {
namespace {

TEST(RuleCommand, DescribesAnIsotropicRule) {
  std::string out;
  ASSERT_EQ(run_gpulife({"rule", "b2ceikn/s12"}, &out), 0);
  EXPECT_NE(out.find("rule:          B2-a/S12  (Just Friends)"), std::string::npos) << out;
  EXPECT_NE(out.find("isotropic non-totalistic (Hensel)"), std::string::npos) << out;
  EXPECT_NE(out.find("gates per cell"), std::string::npos) << out;
  EXPECT_EQ(out.find("B0 emulation"), std::string::npos) << out;
  // Nor for a rule on a bounded grid.
  ASSERT_EQ(run_gpulife({"rule", "B36/S23:T30,20"}, &out), 0);
  EXPECT_EQ(out.find("B0 emulation"), std::string::npos) << out;
}

TEST(RuleCommand, ShowsB0PhasesAndTheCircuit) {
  std::string out;
  ASSERT_EQ(run_gpulife({"rule", "B03/S23", "--circuit"}, &out), 0);
  EXPECT_NE(out.find("even generation steps B1245678/S0145678"), std::string::npos) << out;
  EXPECT_NE(out.find("odd generation steps B56/S58 (stored cells are the complement)"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("next = "), std::string::npos) << out;
  ASSERT_EQ(run_gpulife({"rule", "AntiLife"}, &out), 0);
  EXPECT_NE(out.find("every generation steps B3/S23 (stored cells are the complement)"),
            std::string::npos)
      << out;
}

TEST(RuleCommand, RefusesBadRulesWithTheColumn) {
  std::string out, err;
  EXPECT_EQ(run_gpulife({"rule", "B2q/S"}, &out, &err), 1);
  EXPECT_NE(err.find("rule:1:3:"), std::string::npos) << err;
  EXPECT_NE(err.find("'q' is not a letter of count 2"), std::string::npos) << err;
}

}  // namespace
}  // namespace gpulife::app
