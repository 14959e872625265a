// Tests for gzip decompression: round trips, concatenated members, the size limit, and corrupt
// or truncated data named as such.
#include "core/gzip.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "test_support.hpp"

namespace gpulife {
namespace {

using test::error_of;

TEST(Gzip, RoundTripAndMagic) {
  const std::string text = "x = 3, y = 3\nbo$2bo$3o!\n";
  const std::string packed = gzip(text);
  EXPECT_TRUE(is_gzip(packed));
  EXPECT_FALSE(is_gzip(text));
  EXPECT_FALSE(is_gzip("\x1f"));
  EXPECT_EQ(gunzip(packed, "a.gz"), text);
  // Members one after another read as one text, as gzip(1) writes them.
  EXPECT_EQ(gunzip(packed + gzip("more"), "a.gz"), text + "more");
  EXPECT_EQ(gunzip(gzip(""), "a.gz"), "");
}

TEST(Gzip, BoundedExpansion) {
  // A megabyte of zeros compresses to about a kilobyte; with a 64 KiB limit it is refused.
  const std::string packed = gzip(std::string(1 << 20, '0'));
  EXPECT_LT(packed.size(), 8192u);
  const std::string message = error_of([&] { gunzip(packed, "bomb.rle.gz", 65536); });
  EXPECT_NE(message.find("bomb.rle.gz"), std::string::npos) << message;
  EXPECT_NE(message.find("more than 65536 bytes"), std::string::npos) << message;
  EXPECT_EQ(gunzip(packed, "ok.gz", 1 << 20).size(), size_t(1) << 20);
}

TEST(Gzip, CorruptAndTruncatedDataAreNamed) {
  std::string packed = gzip(std::string(5000, 'o') + "!");
  const std::string truncated = packed.substr(0, packed.size() / 2);
  EXPECT_NE(error_of([&] { gunzip(truncated, "t.gz"); }).find("ends early"), std::string::npos);
  std::string corrupt = packed;
  for (size_t i = 12; i < corrupt.size(); i += 3) corrupt[i] = char(corrupt[i] ^ 0x5a);
  EXPECT_NE(error_of([&] { gunzip(corrupt, "c.gz"); }).find("c.gz"), std::string::npos);
}

TEST(Gzip, DataAfterACompleteStreamIsIgnoredAsGollyIgnoresIt) {
  const std::string text = std::string(5000, 'o') + "!";
  EXPECT_EQ(gunzip(gzip(text) + "junk after the stream\n", "j.gz"), text);
  // A second member is still read on.
  EXPECT_EQ(gunzip(gzip("ab") + gzip("cd"), "two.gz"), "abcd");
}

}  // namespace
}  // namespace gpulife
