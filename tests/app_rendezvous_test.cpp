// Tests for app/rendezvous and app/tcp_exchange: rank numbers from the command line and from
// launchers' environments, rendezvous addresses, and ranks meeting over TCP on this machine,
// as threads and as separate processes, including the ways a meeting fails.
#include "app/rendezvous.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>
#include <vector>

#include "app/tcp_exchange.hpp"
#include "core/error.hpp"
#include "test_support.hpp"

namespace gpulife::app {
namespace {

EnvLookup table(std::map<std::string, std::string> vars) {
  return [vars](const std::string& name) -> std::optional<std::string> {
    auto it = vars.find(name);
    if (it == vars.end()) return std::nullopt;
    return it->second;
  };
}

using test::error_of;

TEST(RankSetupTest, OneRankWithoutAnything) {
  const RankSetup s = resolve_ranks({}, table({}));
  EXPECT_EQ(s.ranks, 1);
  EXPECT_EQ(s.rank, 0);
  EXPECT_TRUE(s.rendezvous.empty());
}

// A launcher's environment and the setup read from it.
struct LauncherCase {
  const char* launcher;  // what the setup's source names
  RankSetup want;        // all but the source
  std::map<std::string, std::string> env;
};

TEST(RankSetupTest, LaunchersEnvironments) {
  const LauncherCase cases[] = {
      // The rendezvous port is the one after torchrun's own.
      {"torchrun",
       {.ranks = 4, .rank = 3, .local_rank = 1, .rendezvous = "tcp://node7:29501"},
       {{"WORLD_SIZE", "4"},
        {"RANK", "3"},
        {"LOCAL_RANK", "1"},
        {"MASTER_ADDR", "node7"},
        {"MASTER_PORT", "29500"}}},
      {"Open MPI",
       {.ranks = 2, .rank = 1, .rendezvous = "file:///tmp/r"},
       {{"OMPI_COMM_WORLD_SIZE", "2"},
        {"OMPI_COMM_WORLD_RANK", "1"},
        {"OMPI_COMM_WORLD_LOCAL_RANK", "0"},
        {"GPULIFE_RENDEZVOUS", "file:///tmp/r"}}},
      {"MPICH",
       {.ranks = 3, .rank = 2, .rendezvous = "h:1"},
       {{"PMI_SIZE", "3"}, {"PMI_RANK", "2"}, {"GPULIFE_RENDEZVOUS", "h:1"}}},
      {"Slurm",
       {.ranks = 8, .rank = 5, .local_rank = 1, .rendezvous = "tcp://a:5000"},
       {{"SLURM_STEP_NUM_TASKS", "8"},
        {"SLURM_PROCID", "5"},
        {"SLURM_LOCALID", "1"},
        {"SLURM_NTASKS", "8"},
        {"GPULIFE_RENDEZVOUS", "tcp://a:5000"}}},
  };
  for (const LauncherCase& c : cases) {
    SCOPED_TRACE(c.launcher);
    const RankSetup s = resolve_ranks({}, table(c.env));
    EXPECT_EQ(s.ranks, c.want.ranks);
    EXPECT_EQ(s.rank, c.want.rank);
    EXPECT_EQ(s.local_rank, c.want.local_rank);
    EXPECT_EQ(s.rendezvous, c.want.rendezvous);
    EXPECT_NE(s.source.find(c.launcher), std::string::npos) << s.source;
  }
  // A batch script's shell has SLURM_NTASKS but is one process, not a rank of a step.
  EXPECT_EQ(resolve_ranks({}, table({{"SLURM_NTASKS", "8"}, {"SLURM_PROCID", "0"}})).ranks, 1);
}

TEST(RankSetupTest, CommandLineWinsOverTheEnvironment) {
  RankRequest r;
  r.ranks = 2;
  r.rank = 0;
  r.rendezvous = "tcp://127.0.0.1:7000";
  const RankSetup s = resolve_ranks(r, table({{"WORLD_SIZE", "4"}, {"RANK", "3"}}));
  EXPECT_EQ(s.ranks, 2);
  EXPECT_EQ(s.rank, 0);
  EXPECT_EQ(s.rendezvous, "tcp://127.0.0.1:7000");
}

TEST(RankSetupTest, BadSetupsSayWhatIsWrong) {
  RankRequest r;
  r.ranks = 2;
  EXPECT_NE(error_of([&] { resolve_ranks(r, table({})); }).find("--rank"), std::string::npos);
  r.rank = 2;
  r.rendezvous = "tcp://h:1";
  EXPECT_NE(error_of([&] { resolve_ranks(r, table({})); }).find("between 0 and 1"),
            std::string::npos);
  r.rank = 1;
  r.rendezvous.reset();
  EXPECT_NE(error_of([&] { resolve_ranks(r, table({})); }).find("--rendezvous"), std::string::npos);
  r.ranks = 0;
  EXPECT_NE(error_of([&] { resolve_ranks(r, table({})); }).find("between 1 and"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              resolve_ranks({}, table({{"WORLD_SIZE", "two"}}));
            }).find("WORLD_SIZE"),
            std::string::npos);
  EXPECT_NE(error_of([] {
              resolve_ranks({}, table({{"WORLD_SIZE", "2"}}));
            }).find("RANK"),
            std::string::npos);
  RankRequest bad;
  bad.ranks = 2;
  bad.rank = 0;
  bad.rendezvous = "udp://x:1";
  EXPECT_NE(error_of([&] { resolve_ranks(bad, table({})); }).find("tcp://HOST:PORT"),
            std::string::npos);
}

TEST(RendezvousAddressTest, Forms) {
  const RendezvousAddress a = parse_rendezvous("tcp://node1.example:29400");
  EXPECT_FALSE(a.file);
  EXPECT_EQ(a.host, "node1.example");
  EXPECT_EQ(a.port, 29400);
  EXPECT_EQ(parse_rendezvous("10.0.0.2:80").host, "10.0.0.2");
  EXPECT_EQ(parse_rendezvous("tcp://[::1]:80").host, "::1");
  const RendezvousAddress f = parse_rendezvous("file:///shared/job42");
  EXPECT_TRUE(f.file);
  EXPECT_EQ(f.path, "/shared/job42");
  for (const char* bad :
       {"", "tcp://", "tcp://host", "tcp://host:", "tcp://host:0", "tcp://host:65536",
        "tcp://host:12ab", "file://relative", "file://", ":80", "tcp://a/b:80"})
    EXPECT_THROW(parse_rendezvous(bad), Error) << bad;
  EXPECT_DOUBLE_EQ(rendezvous_timeout(table({})), 120);
  EXPECT_DOUBLE_EQ(rendezvous_timeout(table({{"GPULIFE_RENDEZVOUS_TIMEOUT", "2.5"}})), 2.5);
  EXPECT_THROW(rendezvous_timeout(table({{"GPULIFE_RENDEZVOUS_TIMEOUT", "soon"}})), Error);
}

// A TCP port nobody listens on right now.
int free_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t n = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  close(fd);
  return ntohs(a.sin_port);
}

RankSetup setup(int ranks, int rank, const std::string& rendezvous) {
  RankSetup s;
  s.ranks = ranks;
  s.rank = rank;
  s.rendezvous = rendezvous;
  return s;
}

// Every rank on its own thread: connect, then run `body`; the ranks' error texts.
std::vector<std::string> meet(int ranks, const std::string& rendezvous, double timeout,
                              const std::function<void(RankExchange&)>& body,
                              std::vector<int> ranks_seen = {}) {
  std::vector<std::string> errors(static_cast<size_t>(ranks));
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r)
    threads.emplace_back([&, r] {
      try {
        RankSetup s = setup(ranks, r, rendezvous);
        if (!ranks_seen.empty()) s.ranks = ranks_seen[size_t(r)];
        auto x = connect_ranks(s, timeout);
        body(*x);
      } catch (const Error& e) {
        errors[size_t(r)] = e.what();
      }
    });
  for (auto& t : threads) t.join();
  return errors;
}

void exchange_everything(RankExchange& x) {
  const int n = x.ranks(), me = x.rank();
  EXPECT_EQ(x.ranks(), n);
  const auto all = all_gather(x, std::string(size_t(me) * 1000 + 1, char('A' + me)));
  for (int r = 0; r < n; ++r) EXPECT_EQ(all[size_t(r)].size(), size_t(r) * 1000 + 1);
  EXPECT_EQ(sum_across(x, {1})[0], uint64_t(n));
  // Pairs in a fixed order, several MiB each way: far more than a socket buffers.
  std::vector<char> out(size_t(6) << 20, char(me)), in(out.size());
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      if (me == a) {
        x.send(b, out.data(), out.size());
        x.recv(b, in.data(), in.size());
        EXPECT_EQ(in.front(), char(b));
        EXPECT_EQ(in.back(), char(b));
      } else if (me == b) {
        x.recv(a, in.data(), in.size());
        x.send(a, out.data(), out.size());
        EXPECT_EQ(in.back(), char(a));
      }
    }
}

TEST(TcpExchangeTest, RanksMeetOverTcpAndExchange) {
  for (int ranks : {1, 2, 4}) {
    const auto errors =
        meet(ranks, "tcp://127.0.0.1:" + std::to_string(free_port()), 30, exchange_everything);
    for (const std::string& e : errors) EXPECT_EQ(e, "") << ranks;
  }
}

TEST(TcpExchangeTest, RanksMeetThroughAFile) {
  const auto dir = std::filesystem::temp_directory_path() / "gpulife_rendezvous_test";
  std::filesystem::create_directories(dir);
  // A stale file from an earlier run points nowhere; rank 0 replaces it.
  { std::ofstream(dir / "meet") << "127.0.0.1 " << free_port() << "\n"; }
  const auto errors = meet(3, "file://" + (dir / "meet").string(), 30, exchange_everything);
  for (const std::string& e : errors) EXPECT_EQ(e, "");
  EXPECT_FALSE(std::filesystem::exists(dir / "meet"));  // removed once everyone came
  std::filesystem::remove_all(dir);
}

TEST(TcpExchangeTest, TwoProcessesShareAnIdAndASum) {
  const std::string where = "tcp://127.0.0.1:" + std::to_string(free_port());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    int code = 1;
    try {
      auto x = connect_ranks(setup(2, 1, where), 30);
      const std::string id = broadcast(*x, "");
      const auto sum = sum_across(*x, {id == "nccl-id-bytes" ? 5u : 0u});
      code = sum[0] == 12 ? 0 : 2;
    } catch (...) {
      code = 3;
    }
    _exit(code);
  }
  auto x = connect_ranks(setup(2, 0, where), 30);
  EXPECT_EQ(broadcast(*x, "nccl-id-bytes"), "nccl-id-bytes");
  EXPECT_EQ(sum_across(*x, {7})[0], 12u);
  int status = 0;
  waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

TEST(TcpExchangeTest, AMissingRankTimesOutWithWhoIsMissing) {
  const std::string where = "tcp://127.0.0.1:" + std::to_string(free_port());
  const auto t0 = std::chrono::steady_clock::now();
  const std::string e = error_of([&] { connect_ranks(setup(3, 0, where), 1.0); });
  EXPECT_NE(e.find("ranks 1, 2"), std::string::npos) << e;
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
  const std::string nobody = error_of([&] { connect_ranks(setup(2, 1, where), 0.5); });
  EXPECT_NE(nobody.find("cannot reach rank 0"), std::string::npos) << nobody;
}

TEST(TcpExchangeTest, MismatchedRankCountsAreRefused) {
  const auto errors =
      meet(2, "tcp://127.0.0.1:" + std::to_string(free_port()), 10, [](RankExchange&) {}, {2, 3});
  EXPECT_NE(errors[0].find("this run has 2 ranks"), std::string::npos) << errors[0];
  EXPECT_NE(errors[1].find("refused"), std::string::npos) << errors[1];
}

TEST(TcpExchangeTest, APeerThatStopsIsReported) {
  const auto errors =
      meet(2, "tcp://127.0.0.1:" + std::to_string(free_port()), 10, [](RankExchange& x) {
        if (x.rank() == 1) return;  // leaves: its connections close
        char byte;
        x.recv(1, &byte, 1);
      });
  EXPECT_NE(errors[0].find("rank 1 closed its connection"), std::string::npos) << errors[0];
  EXPECT_EQ(errors[1], "");
}

}  // namespace
}  // namespace gpulife::app
