// Drives `gpulife view` under Xvfb with real key and mouse events (xdotool) and reads the
// results from the window title (generation, pattern name) and the viewer's stderr:
//   tab        Tab steps, and Space and Enter still work after it (ImGui must not take them)
//   slow-taps  at a low frame rate, taps shorter than a frame all act, in the viewer and in a
//              text field (a path typed into the Open dialog, then Enter)
//   escape     Esc leaves the Open dialog's path field and closes the dialog
//   menu       File > Open... and Control > Run / pause, clicked
//   error      a file that is not a pattern is reported, and the viewer goes on
// Arguments: GPULIFE WORKDIR SCENARIO. Exit 77 = skipped (no xvfb-run or xdotool).
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "xvfb_check_support.hpp"

extern char** environ;

namespace {

using namespace gpulife::xvfb_check;
using Clock = std::chrono::steady_clock;

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The viewer, started in the background with its output in a file.
class Viewer {
 public:
  Viewer(const std::string& gpulife, const fs::path& dir, std::vector<std::string> args)
      : log_(dir / "viewer.log") {
    args.insert(args.begin(), {gpulife, "view"});
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, log_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
    std::cout << "starting:";
    for (const std::string& a : args) std::cout << " " << a;
    std::cout << "\n";
    if (posix_spawn(&pid_, gpulife.c_str(), &actions, nullptr, argv.data(), environ) != 0)
      pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
  }
  ~Viewer() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGTERM);
      waitpid(pid_, nullptr, 0);
    }
    std::cout << "--- viewer output ---\n" << output() << "---\n";
  }
  Viewer(const Viewer&) = delete;
  Viewer& operator=(const Viewer&) = delete;

  bool started() const { return pid_ > 0; }
  std::string output() const { return read_file(log_); }
  // Waits for the viewer to exit; its exit status, or -1 after `seconds`.
  int wait_exit(double seconds) {
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    while (Clock::now() < end) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exited_ = true;
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return -1;
  }
  bool running() {
    int status = 0;
    return !exited_ && waitpid(pid_, &status, WNOHANG) == 0;
  }

 private:
  fs::path log_;
  pid_t pid_ = -1;
  bool exited_ = false;
};

std::string xdotool(const std::string& args) {
  int status = 0;
  std::string out = run_command("xdotool " + args, status);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

std::string window_id;

std::string title() {
  int status = 0;
  std::string t = run_command("xdotool getwindowname " + window_id, status);
  while (!t.empty() && t.back() == '\n') t.pop_back();
  return t;
}

// Polls the title until `ok` holds (true) or `seconds` pass (false).
bool wait_title(const std::function<bool(const std::string&)>& ok, double seconds) {
  const auto end = Clock::now() + std::chrono::duration<double>(seconds);
  while (Clock::now() < end) {
    if (ok(title())) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  }
  return false;
}

long long generation(const std::string& t) {
  std::smatch m;
  static const std::regex re(R"(generation (\d+))");
  return std::regex_search(t, m, re) ? std::stoll(m[1]) : -1;
}

bool wait_generation(long long at_least, double seconds = 40) {
  return wait_title([&](const std::string& t) { return generation(t) >= at_least; }, seconds);
}

bool wait_exactly(long long g, double seconds = 40) {
  return wait_title([&](const std::string& t) { return generation(t) == g; }, seconds);
}

void pause_for(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

// Finds the window and waits for its first frames (the title gets the population then).
bool window_ready() {
  int status = 0;
  window_id = run_command("timeout 60 xdotool search --sync --name '^gpulife'", status);
  const size_t nl = window_id.find('\n');
  if (nl != std::string::npos) window_id = window_id.substr(0, nl);
  if (window_id.empty()) return false;
  // Keys go to the window under the pointer (Xvfb runs no window manager).
  xdotool("mousemove 900 600");
  return wait_title([](const std::string& t) { return t.find("population") != std::string::npos; },
                    60);
}

// A small pattern file whose name shows in the title once loaded.
fs::path pattern_file(const fs::path& dir) {
  const fs::path p = dir / "typed.cells";
  std::ofstream(p) << "!Name: typed path pattern\nOO\nOO\n";
  return p;
}

// Opens File > Open with Ctrl+O and waits for its path field to be ready for typing.
void open_dialog() {
  xdotool("key ctrl+o");
  pause_for(4);
}

int quit(Viewer& v) {
  pause_for(1);
  xdotool("key ctrl+q");
  const int code = v.wait_exit(40);
  if (code != 0)
    return fail("Ctrl+Q did not end the viewer cleanly (status " + std::to_string(code) + ")");
  return 0;
}

int tab(Viewer& v) {
  xdotool("key Tab");
  if (!wait_exactly(1)) return fail("Tab did not step one generation: " + title());
  xdotool("key space space");
  if (!wait_exactly(3))
    return fail("after Tab, Space no longer steps (the panel took the keys): " + title());
  xdotool("key Return");
  if (!wait_generation(6)) return fail("after Tab, Enter no longer runs: " + title());
  std::cout << "ok: Tab, Space and Enter all act\n";
  return quit(v);
}

int slow_taps(Viewer& v, const fs::path& dir) {
  // Three taps inside one 500 ms frame.
  xdotool("key --delay 30 space space space");
  if (!wait_exactly(3)) return fail("taps shorter than a frame were lost: " + title());
  std::cout << "ok: three taps within a frame stepped three generations\n";
  open_dialog();
  xdotool("type --delay 5 " + quoted(pattern_file(dir).string()));
  xdotool("key Return");
  if (!wait_title(
          [](const std::string& t) { return t.find("typed path pattern") != std::string::npos; },
          40))
    return fail("Enter tapped within a frame did not reach the Open dialog's path field: " +
                title());
  std::cout << "ok: a typed path and a quick Enter opened the file\n";
  return quit(v);
}

int escape(Viewer& v) {
  open_dialog();
  xdotool("key Escape");
  pause_for(1.5);
  // With the field left and the dialog closed, Enter runs (the dialog would take it to open a
  // file, the field would take it as text).
  xdotool("key Return");
  if (!wait_generation(3))
    return fail("Esc did not leave the Open dialog: Enter does not run: " + title());
  std::cout << "ok: Esc left the path field and closed the Open dialog\n";
  return quit(v);
}

int menu(Viewer& v, const fs::path& dir) {
  // File is the first menu, Open... its first entry; Control the fourth, Run / pause its first.
  xdotool("mousemove 22 10 click 1");
  pause_for(1.5);
  xdotool("mousemove 70 35 click 1");
  pause_for(4);
  xdotool("type --delay 5 " + quoted(pattern_file(dir).string()));
  xdotool("key Return");
  if (!wait_title(
          [](const std::string& t) { return t.find("typed path pattern") != std::string::npos; },
          40))
    return fail("File > Open... did not open the Open dialog: " + title());
  std::cout << "ok: File > Open... opened the dialog\n";
  xdotool("mousemove 155 10 click 1");
  pause_for(1.5);
  xdotool("mousemove 200 35 click 1");
  if (!wait_generation(3)) return fail("Control > Run / pause did not run: " + title());
  std::cout << "ok: Control > Run / pause ran\n";
  return quit(v);
}

int error(Viewer& v, const fs::path& dir) {
  const fs::path gz = dir / "packed.rle.gz";
  std::ofstream(gz, std::ios::binary)
      << std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
  const std::string before = title();
  open_dialog();
  xdotool("type --delay 5 " + quoted(gz.string()));
  xdotool("key Return");
  const auto end = Clock::now() + std::chrono::seconds(40);
  const std::string line = "gpulife view: " + gz.string();
  while (Clock::now() < end && v.output().find(line) == std::string::npos)
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
  if (v.output().find(line) == std::string::npos)
    return fail("no error reported for " + gz.string());
  if (!v.running()) return fail("the viewer ended on a bad file");
  if (title() != before) return fail("the bad file changed the state: " + title());
  std::cout << "ok: the bad file was reported and the state kept\n";
  return quit(v);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: viewer_keys_check GPULIFE WORKDIR SCENARIO\n";
    return 2;
  }
  if (!on_path("xvfb-run") || !on_path("xdotool")) {
    std::cout << "skipped: xvfb-run or xdotool not found (install xvfb and xdotool)\n";
    return 77;
  }
  const std::string gpulife = argv[1], scenario = argv[3];
  const fs::path dir = argv[2];
  if (!std::getenv("GPULIFE_KEYS_CHECK_DISPLAY")) {
    // Again, inside a display of its own.
    const std::string command =
        "GPULIFE_KEYS_CHECK_DISPLAY=1 xvfb-run -a -s '-screen 0 1280x800x24' " + quoted(argv[0]) +
        " " + quoted(gpulife) + " " + quoted(dir.string()) + " " + quoted(scenario);
    const int status = std::system(command.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
  }
  fs::remove_all(dir);
  fs::create_directories(dir);
  setenv("XDG_CONFIG_HOME", (dir / "config").c_str(), 1);  // recent files stay here
  std::vector<std::string> args = {"glider", "--engine", "reference", "--window", "1280x800"};
  if (scenario == "slow-taps") args.insert(args.end(), {"--frame-delay", "500"});
  Viewer v(gpulife, dir, args);
  if (!v.started()) return fail("cannot start " + gpulife);
  if (!window_ready()) return fail("no viewer window with a title came up");
  if (generation(title()) != 0) return fail("the viewer did not start paused: " + title());
  if (scenario == "tab") return tab(v);
  if (scenario == "slow-taps") return slow_taps(v, dir);
  if (scenario == "escape") return escape(v);
  if (scenario == "menu") return menu(v, dir);
  if (scenario == "error") return error(v, dir);
  return fail("unknown scenario " + scenario);
}
