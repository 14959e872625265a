// Owned: what it holds is released exactly once, on destruction, reset, assignment over it, and
// when a constructor that acquired it in steps throws; moves hand it over without releasing.
#include "core/owned.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <utility>
#include <vector>

namespace gpulife {
namespace {

std::vector<int> released;

struct Handle {
  int id = 0;
};
void release(Handle& h) noexcept {
  if (h.id) released.push_back(h.id);
}
using OwnedHandle = Owned<Handle, release>;

// A resource acquired in two steps, as the GPU memory classes do.
class TwoStep {
 public:
  explicit TwoStep(bool fail_second) {
    held_.state().id = 7;
    if (fail_second) throw std::runtime_error("second step");
  }

 private:
  OwnedHandle held_;
};

class OwnedTest : public testing::Test {
 protected:
  void SetUp() override { released.clear(); }
};

TEST_F(OwnedTest, DestructionReleasesOnceAndEmptyOwnersNothing) {
  { OwnedHandle empty; }
  { OwnedHandle one(Handle{1}); }
  EXPECT_EQ(released, std::vector<int>{1});
}

TEST_F(OwnedTest, MovesHandOverWithoutReleasing) {
  {
    OwnedHandle a(Handle{1});
    OwnedHandle b(std::move(a));
    EXPECT_EQ(a->id, 0);  // NOLINT(bugprone-use-after-move): a moved-from owner is empty
    EXPECT_EQ(b->id, 1);
    EXPECT_TRUE(released.empty());
    OwnedHandle c;
    c = std::move(b);
    EXPECT_EQ(c->id, 1);
    EXPECT_TRUE(released.empty());
  }
  EXPECT_EQ(released, std::vector<int>{1});
}

TEST_F(OwnedTest, AssignmentReleasesWhatWasHeldFirst) {
  OwnedHandle a(Handle{1});
  OwnedHandle b(Handle{2});
  a = std::move(b);
  EXPECT_EQ(released, std::vector<int>{1});
  EXPECT_EQ(a->id, 2);
  auto& self = a;
  a = std::move(self);  // self-assignment keeps the handle
  EXPECT_EQ(a->id, 2);
  EXPECT_EQ(released, std::vector<int>{1});
}

TEST_F(OwnedTest, ResetReleasesAndEmpties) {
  OwnedHandle a(Handle{3});
  a.reset();
  EXPECT_EQ(a->id, 0);
  a.reset();
  EXPECT_EQ(released, std::vector<int>{3});
}

TEST_F(OwnedTest, AConstructorThatThrowsReleasesWhatItAcquired) {
  EXPECT_THROW(TwoStep(true), std::runtime_error);
  EXPECT_EQ(released, std::vector<int>{7});
  released.clear();
  { TwoStep ok(false); }
  EXPECT_EQ(released, std::vector<int>{7});
}

}  // namespace
}  // namespace gpulife
