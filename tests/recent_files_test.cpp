// Tests of the recent-files list: order, deduplication, bound, persistence and its location.
#include "core/recent_files.hpp"

#include <gtest/gtest.h>

#include <unistd.h>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <string>

#include "core/error.hpp"

namespace gpulife {
namespace {

namespace fs = std::filesystem;

class RecentFilesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("gpulife_recent_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Creates an empty pattern file and returns its path.
  fs::path touch(const std::string& name) {
    const fs::path p = dir_ / name;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << "x = 1, y = 1\no!\n";
    return p;
  }

  fs::path dir_;
};

TEST_F(RecentFilesTest, MostRecentFirstWithoutDuplicates) {
  RecentFiles r;
  const fs::path a = touch("a.rle"), b = touch("b.rle"), c = touch("c.rle");
  r.add(a);
  r.add(b);
  r.add(c);
  r.add(dir_ / "sub" / ".." / "a.rle");  // the same file spelled differently
  ASSERT_EQ(r.paths().size(), 3u);
  EXPECT_EQ(r.paths()[0], fs::weakly_canonical(a));
  EXPECT_EQ(r.paths()[1], fs::weakly_canonical(c));
  EXPECT_EQ(r.paths()[2], fs::weakly_canonical(b));
  EXPECT_TRUE(r.paths()[0].is_absolute());
  EXPECT_TRUE(r.remove(c));
  EXPECT_FALSE(r.remove(c));
  EXPECT_EQ(r.paths().size(), 2u);
}

TEST_F(RecentFilesTest, BoundedLengthDropsTheOldest) {
  RecentFiles r(3);
  for (int i = 0; i < 5; ++i) {
    std::string name = "p";
    name += std::to_string(i);
    name += ".rle";
    r.add(touch(name));
  }
  ASSERT_EQ(r.paths().size(), 3u);
  EXPECT_EQ(r.paths()[0].filename(), "p4.rle");
  EXPECT_EQ(r.paths()[2].filename(), "p2.rle");
  r.set_capacity(1);
  ASSERT_EQ(r.paths().size(), 1u);
  EXPECT_EQ(r.paths()[0].filename(), "p4.rle");
  EXPECT_EQ(RecentFiles().capacity(), RecentFiles::kDefaultCapacity);
}

TEST_F(RecentFilesTest, SaveAndLoadRoundTripDroppingMissingFiles) {
  const fs::path list = dir_ / "config" / "gpulife" / "recent-files.txt";
  RecentFiles r;
  const fs::path keep1 = touch("keep1.rle"), gone = touch("gone.rle"), keep2 = touch("keep2.rle");
  r.add(keep1);
  r.add(gone);
  r.add(keep2);
  r.save(list);  // creates the folders
  ASSERT_TRUE(fs::exists(list));
  EXPECT_FALSE(fs::exists(fs::path(list.string() + ".tmp")));

  fs::remove(gone);
  const RecentFiles loaded = RecentFiles::load(list);
  ASSERT_EQ(loaded.paths().size(), 2u);
  EXPECT_EQ(loaded.paths()[0], fs::weakly_canonical(keep2));
  EXPECT_EQ(loaded.paths()[1], fs::weakly_canonical(keep1));
}

TEST_F(RecentFilesTest, LoadToleratesCommentsBlankLinesDuplicatesAndCrLf) {
  const fs::path a = touch("a.rle"), b = touch("b.rle"), c = touch("c.rle");
  const fs::path list = dir_ / "list.txt";
  {
    std::ofstream out(list, std::ios::binary);
    out << "# a comment\r\n\r\n"
        << a.string() << "\r\n"
        << a.string() << "\n"
        << (dir_ / "missing.rle").string() << "\n"
        << dir_.string() << "\n"  // a folder, not a file
        << b.string() << "\n"
        << c.string() << "\n";
  }
  const RecentFiles loaded = RecentFiles::load(list, 2);
  ASSERT_EQ(loaded.paths().size(), 2u);
  EXPECT_EQ(loaded.paths()[0], fs::weakly_canonical(a));
  EXPECT_EQ(loaded.paths()[1], fs::weakly_canonical(b));
  EXPECT_EQ(loaded.capacity(), 2u);
}

TEST_F(RecentFilesTest, MissingListIsAnEmptyList) {
  EXPECT_TRUE(RecentFiles::load(dir_ / "nothing-here.txt").paths().empty());
}

TEST_F(RecentFilesTest, SaveFailureNamesTheFile) {
  const fs::path blocker = touch("not-a-folder");
  RecentFiles r;
  r.add(touch("a.rle"));
  try {
    r.save(blocker / "recent-files.txt");
    FAIL() << "expected Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("not-a-folder"), std::string::npos) << e.what();
  }
}

// Sets an environment variable for one scope and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(ConfigDirectory, FollowsXdgThenHome) {
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "/tmp/xdg-test");
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(config_directory(), fs::path("/tmp/xdg-test/gpulife"));
    EXPECT_EQ(recent_files_path(), fs::path("/tmp/xdg-test/gpulife/recent-files.txt"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", "relative/dir");  // not absolute: ignored, as the spec says
    ScopedEnv home("HOME", "/home/someone");
    EXPECT_EQ(config_directory(), fs::path("/home/someone/.config/gpulife"));
  }
  {
    ScopedEnv xdg("XDG_CONFIG_HOME", nullptr);
    ScopedEnv home("HOME", nullptr);
    EXPECT_TRUE(config_directory().empty());
    EXPECT_TRUE(recent_files_path().empty());
  }
}

}  // namespace
}  // namespace gpulife
