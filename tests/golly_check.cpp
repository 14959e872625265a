// The oracle check on Golly's own collection: every file of its Life, Life-Like and HashLife
// folders either runs in `gpulife run` and agrees with bgolly at generation 500 (as shapes:
// bgolly writes no position), or is refused within a second with the memory it would need;
// Golly's scripts are refused as not patterns, and a zip archive's first pattern is checked
// like any file or refused at once with the archive and the file inside it named.
// Usage: golly_check --gpulife PATH [--bgolly PATH] [--patterns DIR] [--rules DIR] [--jobs N]
//                    [--max-memory SIZE] [--timeout S] [--work DIR] [FILE...]
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "core/enum_names.hpp"
#include "core/error.hpp"
#include "core/pattern_io.hpp"

extern char** environ;

namespace {

namespace fs = std::filesystem;
using namespace gpulife;

// Files whose rule gpulife refuses on purpose: Wolfram's one-dimensional rules (W22) are not
// two-dimensional rules of the Moore neighbourhood. Each must still be refused with a reason.
const std::set<std::string> kPendingRules = {
    "HashLife/wolfram22.mc",
};
// Not pattern files (Golly's scripts): refused at once, naming what they are.
bool is_script(const std::string& name) {
  return name.ends_with(".lua") || name.ends_with(".py");
}
// Zip archives are opened at their first pattern file, as Golly opens them: that file runs and
// is checked, or is refused at once naming it inside the archive ("x.zip/x.rle:6:22: ...").
bool is_archive(const std::string& name) {
  return name.ends_with(".zip");
}

// The pattern file gpulife reads from an archive, written to `dir` for bgolly, which reads no
// archives.
std::string extract_first_pattern(const std::string& archive, const fs::path& dir) {
  std::ifstream in(archive, std::ios::binary);
  const std::string data{std::istreambuf_iterator<char>(in), {}};
  const ArchivedFile f = first_pattern_in_zip(data, archive);
  const fs::path out = dir / fs::path(f.name).filename();
  std::ofstream(out, std::ios::binary) << f.data;
  return out.string();
}

struct Options {
  std::string gpulife, bgolly = "bgolly";
  std::string patterns = "/usr/share/golly/Patterns", rules = "/usr/share/golly/Rules";
  std::string max_memory = "4G", work = "golly_check_work";
  int jobs = 2;
  double timeout = 600;
  uint64_t generations = 500;
  std::vector<std::string> files;
};

struct Outcome {
  int status = 0;  // exit status; -1 when killed on the timeout
  double seconds = 0;
  std::string output;  // stdout and stderr together
};

// Runs argv with stdout and stderr to `log`, killing it after `timeout` seconds.
Outcome run(const std::vector<std::string>& argv, const std::string& log, double timeout) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  Outcome out;
  if (posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ) != 0) {
    posix_spawn_file_actions_destroy(&actions);
    out.status = 127;
    out.output = std::string("cannot start ") + args[0] + ": " + std::strerror(errno);
    return out;
  }
  posix_spawn_file_actions_destroy(&actions);
  int wstatus = 0;
  while (true) {
    const pid_t done = waitpid(pid, &wstatus, WNOHANG);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (done == pid) {
      out.status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
      break;
    }
    if (out.seconds > timeout) {
      kill(pid, SIGKILL);
      waitpid(pid, &wstatus, 0);
      out.status = -1;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::ifstream in(log);
  std::stringstream text;
  text << in.rdbuf();
  out.output = text.str();
  return out;
}

enum class Verdict { Agrees, Refused, NotAPattern, Pending, ArchiveRefused, Failed };

struct Result {
  std::string file;
  Verdict verdict = Verdict::Failed;
  std::string detail;
  double seconds = 0;
};

std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && (t.back() == '\n' || t.back() == '\r')) t.pop_back();
  const size_t nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

Pattern shape(const std::string& path) {
  Pattern p = load_pattern_file(path);
  p.move_to_origin();
  return p;
}

Result check_file(const Options& o, const std::string& name, const fs::path& dir) {
  Result r;
  r.file = name;
  const std::string path = o.patterns + "/" + name;
  fs::create_directories(dir);
  const std::string ours = (dir / "ours.rle").string(), theirs = (dir / "theirs.rle").string();
  fs::remove(ours);
  fs::remove(theirs);
  const Outcome mine = run({o.gpulife, "run", path, "-g", std::to_string(o.generations), "-o", ours,
                            "--max-memory", o.max_memory},
                           (dir / "gpulife.log").string(), o.timeout);
  r.seconds = mine.seconds;
  const bool pending_rule = kPendingRules.count(name) != 0;
  if (mine.status != 0) {
    const std::string why = last_line(mine.output);
    if (is_script(name)) {
      const bool ok = mine.seconds < 1.0 && why.find("not a pattern file") != std::string::npos;
      r.verdict = ok ? Verdict::NotAPattern : Verdict::Failed;
      r.detail = why;
    } else if (is_archive(name)) {
      const bool ok = mine.seconds < 1.0 && why.find(name + "/") != std::string::npos;
      r.verdict = ok ? Verdict::ArchiveRefused : Verdict::Failed;
      r.detail = why;
    } else if (pending_rule) {
      r.verdict = Verdict::Pending;
      r.detail = why;
    } else if (mine.status == -1) {
      r.detail = "gpulife run did not finish in " + std::to_string(int(o.timeout)) + " s";
    } else {
      const bool memory =
          why.find("GiB") != std::string::npos || why.find("MiB") != std::string::npos;
      r.verdict = mine.seconds < 1.0 && memory ? Verdict::Refused : Verdict::Failed;
      r.detail = (r.verdict == Verdict::Refused ? "" : "not a quick refusal with the memory: ") +
                 why + " (" + std::to_string(mine.seconds) + " s)";
    }
    return r;
  }
  if (is_script(name)) {
    r.detail = "a script was accepted";
    return r;
  }
  // bgolly: HashLife reads Macrocell, RuleLoader runs LifeHistory; QuickLife the rest.
  std::vector<std::string> argv = {o.bgolly, "-q",  "-q", "-m", std::to_string(o.generations),
                                   "-o",     theirs};
  Pattern start;
  std::string input = path;
  try {
    start = load_pattern_file(path);
    if (is_archive(name)) input = extract_first_pattern(path, dir);
  } catch (const Error& e) {
    r.detail = std::string("gpulife ran it but cannot read it again: ") + e.what();
    return r;
  }
  if (input.find(".mc") != std::string::npos) {
    argv.insert(argv.begin() + 1, {"-a", "HashLife"});
  } else if (start.history_rule) {
    argv.insert(argv.begin() + 1, {"-a", "RuleLoader", "-s", o.rules + "/"});
  }
  argv.push_back(input);
  const Outcome oracle = run(argv, (dir / "bgolly.log").string(), o.timeout * 4);
  if (oracle.status != 0 || !fs::exists(theirs)) {
    r.detail = "bgolly failed: " + last_line(oracle.output);
    return r;
  }
  try {
    const Pattern a = shape(ours), b = shape(theirs);
    // LifeHistory's other states too (envelope, marks), as both wrote them.
    if (a.same_cells(b) && a.history() == b.history()) {
      r.verdict = pending_rule ? Verdict::Failed : Verdict::Agrees;
      r.detail = std::to_string(a.population()) + " cells" +
                 (pending_rule ? "; it agrees: take it off the pending list" : "");
    } else {
      r.verdict = pending_rule ? Verdict::Pending : Verdict::Failed;
      r.detail = "differs from bgolly: " + std::to_string(a.population()) + " cells against " +
                 std::to_string(b.population());
    }
  } catch (const Error& e) {
    r.detail = std::string("cannot compare: ") + e.what();
  }
  return r;
}

std::vector<std::string> collection(const Options& o) {
  std::vector<std::string> files;
  for (const char* folder : {"Life", "Life-Like", "HashLife"}) {
    const fs::path root = fs::path(o.patterns) / folder;
    if (!fs::is_directory(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file()) files.push_back(fs::relative(e.path(), o.patterns).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

const char* verdict_name(Verdict v) {
  static constexpr const char* kNames[] = {"agrees",  "refused",         "not a pattern",
                                           "pending", "archive refused", "FAILED"};
  return enum_name(v, kNames, "FAILED");
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "golly_check: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--gpulife")
      o.gpulife = value();
    else if (a == "--bgolly")
      o.bgolly = value();
    else if (a == "--patterns")
      o.patterns = value();
    else if (a == "--rules")
      o.rules = value();
    else if (a == "--jobs")
      o.jobs = std::max(1, std::atoi(value().c_str()));
    else if (a == "--max-memory")
      o.max_memory = value();
    else if (a == "--timeout")
      o.timeout = std::atof(value().c_str());
    else if (a == "--work")
      o.work = value();
    else
      o.files.push_back(a);
  }
  if (o.gpulife.empty()) {
    std::fprintf(stderr, "usage: golly_check --gpulife PATH [options] [FILE...]\n");
    return 2;
  }
  const std::vector<std::string> files = o.files.empty() ? collection(o) : o.files;
  if (files.empty()) {
    std::fprintf(stderr, "golly_check: no pattern files under %s\n", o.patterns.c_str());
    return 1;
  }
  std::printf("golly_check: %zu files, %d jobs, --max-memory %s, generation %llu\n", files.size(),
              o.jobs, o.max_memory.c_str(), (unsigned long long)o.generations);
  std::fflush(stdout);

  std::vector<Result> results(files.size());
  std::atomic<size_t> next{0};
  std::mutex print;
  std::vector<std::thread> workers;
  for (int j = 0; j < o.jobs; ++j) {
    workers.emplace_back([&, j] {
      for (size_t i = next++; i < files.size(); i = next++) {
        results[i] = check_file(o, files[i], fs::path(o.work) / ("job" + std::to_string(j)));
        std::lock_guard<std::mutex> lock(print);
        std::printf("%-14s %6.2f s  %s  %s\n", verdict_name(results[i].verdict), results[i].seconds,
                    results[i].file.c_str(), results[i].detail.c_str());
        std::fflush(stdout);
      }
    });
  }
  for (std::thread& t : workers) t.join();

  std::map<Verdict, int> count;
  for (const Result& r : results) ++count[r.verdict];
  std::printf(
      "\ngolly_check: %d agree with bgolly, %d refused at once with the memory they need, "
      "%d are not pattern files (refused, named), %d refused rules (named), %d archives whose "
      "pattern is refused (named), %d FAILED\n",
      count[Verdict::Agrees], count[Verdict::Refused], count[Verdict::NotAPattern],
      count[Verdict::Pending], count[Verdict::ArchiveRefused], count[Verdict::Failed]);
  for (const Result& r : results)
    if (r.verdict == Verdict::Failed)
      std::printf("FAILED %s: %s\n", r.file.c_str(), r.detail.c_str());
  return count[Verdict::Failed] == 0 ? 0 : 1;
}
