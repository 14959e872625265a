// Ranks connected over TCP: rank 0 hands out the addresses, then every pair has a connection.
#include "app/tcp_exchange.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <thread>
#include <vector>

#include "core/error.hpp"

namespace gpulife::app {
namespace {

constexpr uint32_t kMagic = 0x4c47504cu;  // "LPGL"
constexpr uint32_t kVersion = 1;
constexpr int kRetryMs = 100;

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

std::string errno_text() {
  return std::strerror(errno);
}

class Socket {
 public:
  Socket() = default;
  explicit Socket(int fd) : fd_(fd) {}
  ~Socket() { reset(); }
  Socket(Socket&& o) noexcept : fd_(o.fd_) { o.fd_ = -1; }
  Socket& operator=(Socket&& o) noexcept {
    if (this != &o) {
      reset();
      fd_ = o.fd_;
      o.fd_ = -1;
    }
    return *this;
  }
  int fd() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  void reset() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

void set_nodelay(int fd) {
  const int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

Socket listen_on(int port) {
  Socket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
  if (!s) throw Error("cannot open a socket: " + errno_text());
  const int one = 1;
  setsockopt(s.fd(), SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_ANY);
  a.sin_port = htons(uint16_t(port));
  if (::bind(s.fd(), reinterpret_cast<sockaddr*>(&a), sizeof a) != 0)
    throw Error("cannot listen on TCP port " + std::to_string(port) + ": " + errno_text() +
                (errno == EADDRINUSE ? " (another run, or pick another port)" : ""));
  if (::listen(s.fd(), 256) != 0) throw Error("cannot listen: " + errno_text());
  return s;
}

int local_port(int fd) {
  sockaddr_in a{};
  socklen_t n = sizeof a;
  getsockname(fd, reinterpret_cast<sockaddr*>(&a), &n);
  return ntohs(a.sin_port);
}

// Whether `fd` becomes ready for `events` within `ms` milliseconds (-1: no limit).
bool wait_for(int fd, short events, int ms) {
  pollfd p{fd, events, 0};
  while (true) {
    const int r = ::poll(&p, 1, ms);
    if (r > 0) return true;
    if (r == 0) return false;
    if (errno != EINTR) throw Error("poll failed: " + errno_text());
  }
}

int ms_left(double deadline) {
  return int(std::max(0.0, (deadline - now_s()) * 1000.0));
}

// One attempt to connect to an IPv4 address within `ms`; an empty socket when it fails.
Socket try_connect(const sockaddr_in& addr, int ms) {
  Socket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
  if (!s) throw Error("cannot open a socket: " + errno_text());
  if (::connect(s.fd(), reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
    if (errno != EINPROGRESS) return {};
    if (!wait_for(s.fd(), POLLOUT, ms)) return {};
    int err = 0;
    socklen_t n = sizeof err;
    getsockopt(s.fd(), SOL_SOCKET, SO_ERROR, &err, &n);
    if (err != 0) return {};
  }
  const int flags = fcntl(s.fd(), F_GETFL);
  fcntl(s.fd(), F_SETFL, flags & ~O_NONBLOCK);
  set_nodelay(s.fd());
  return s;
}

sockaddr_in resolve(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  const int r = getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
  if (r != 0 || !found)
    throw Error("cannot find the rendezvous host \"" + host + "\": " + gai_strerror(r));
  sockaddr_in a;
  std::memcpy(&a, found->ai_addr, sizeof a);
  freeaddrinfo(found);
  return a;
}

void write_all(int fd, const void* data, size_t bytes, int peer) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = ::send(fd, p, bytes, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      throw Error("cannot send to rank " + std::to_string(peer) + ": " + errno_text() +
                  " (it has probably stopped; see its output)");
    p += n;
    bytes -= size_t(n);
  }
}

// Reads exactly `bytes`; with a deadline (> 0) throws Error when it passes first.
void read_all(int fd, void* data, size_t bytes, int peer, double deadline = 0) {
  char* p = static_cast<char*>(data);
  while (bytes > 0) {
    if (deadline > 0 && !wait_for(fd, POLLIN, ms_left(deadline)))
      throw Error("rank " + std::to_string(peer) + " sent nothing in time");
    const ssize_t n = ::recv(fd, p, bytes, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0)
      throw Error("rank " + std::to_string(peer) +
                  " closed its connection (it has probably stopped; see its output)");
    if (n < 0) throw Error("cannot read from rank " + std::to_string(peer) + ": " + errno_text());
    p += n;
    bytes -= size_t(n);
  }
}

// What each connection starts with, so strays and processes of another run are told apart.
struct Hello {
  uint32_t magic = kMagic, version = kVersion, ranks = 0, rank = 0, port = 0;
};

void send_hello(int fd, const Hello& h, int peer) {
  const uint32_t words[5] = {h.magic, h.version, h.ranks, h.rank, h.port};
  write_all(fd, words, sizeof words, peer);
}

// A hello within the deadline; nullopt for a connection that is not a gpulife rank.
std::optional<Hello> read_hello(int fd, double deadline) {
  uint32_t words[5];
  try {
    read_all(fd, words, sizeof words, -1, deadline);
  } catch (const Error&) {
    return std::nullopt;
  }
  Hello h{words[0], words[1], words[2], words[3], words[4]};
  if (h.magic != kMagic || h.version != kVersion) return std::nullopt;
  return h;
}

// Waits for the next connection on `listener` until the deadline; empty when none came.
Socket accept_until(int listener, double deadline, sockaddr_in* peer) {
  while (wait_for(listener, POLLIN, ms_left(deadline))) {
    socklen_t n = sizeof *peer;
    const int fd = ::accept4(listener, reinterpret_cast<sockaddr*>(peer), &n, SOCK_CLOEXEC);
    if (fd >= 0) {
      set_nodelay(fd);
      return Socket(fd);
    }
    if (errno != EINTR && errno != ECONNABORTED) throw Error("accept failed: " + errno_text());
  }
  return {};
}

std::string list_missing(const std::vector<Socket>& peers, int self) {
  std::string s;
  for (size_t r = 0; r < peers.size(); ++r)
    if (int(r) != self && !peers[r]) s += (s.empty() ? "" : ", ") + std::to_string(r);
  return s;
}

class TcpExchange final : public RankExchange {
 public:
  TcpExchange(int ranks, int rank) : ranks_(ranks), rank_(rank), peers_(size_t(ranks)) {}
  int ranks() const override { return ranks_; }
  int rank() const override { return rank_; }
  void send(int to, const void* data, size_t bytes) override {
    write_all(peer(to).fd(), data, bytes, to);
  }
  void recv(int from, void* data, size_t bytes) override {
    read_all(peer(from).fd(), data, bytes, from);
  }
  std::vector<Socket>& peers() { return peers_; }

 private:
  const Socket& peer(int r) const {
    if (r < 0 || r >= ranks_ || r == rank_ || !peers_[size_t(r)])
      throw Error("rank " + std::to_string(rank_) + " has no connection to rank " +
                  std::to_string(r));
    return peers_[size_t(r)];
  }
  int ranks_, rank_;
  std::vector<Socket> peers_;
};

// Rank 0: every other rank's hello, checked, then the table of where each one listens.
void serve(TcpExchange& x, int listener, const std::string& where, double deadline) {
  const int n = x.ranks();
  std::vector<sockaddr_in> addr(static_cast<size_t>(n));
  std::vector<uint32_t> port(size_t(n), 0);
  auto refuse = [&](Socket& s, const std::string& why) {
    const uint32_t status = 1, len = uint32_t(why.size());
    try {
      write_all(s.fd(), &status, 4, -1);
      write_all(s.fd(), &len, 4, -1);
      write_all(s.fd(), why.data(), why.size(), -1);
    } catch (const Error&) {
    }
    throw Error(why);
  };
  // Until the others come, nothing else shows that rank 0 is waiting and where.
  std::cerr << "note: rank 0 waits at " << where << " for " << (n - 1)
            << (n == 2 ? " more rank" : " more ranks") << " (up to "
            << int64_t(std::max(0.0, deadline - now_s())) << " s)\n";
  for (int joined = 1; joined < n;) {
    sockaddr_in peer{};
    Socket s = accept_until(listener, deadline, &peer);
    if (!s)
      throw Error("rank 0 waited for ranks " + list_missing(x.peers(), 0) + " at " + where +
                  " until the rendezvous timeout; start them with the same --ranks and "
                  "--rendezvous (GPULIFE_RENDEZVOUS_TIMEOUT sets the wait)");
    // A stray connection that says nothing must not hold up the others for long.
    const std::optional<Hello> h = read_hello(s.fd(), std::min(deadline, now_s() + 5));
    if (!h) continue;  // not one of ours
    if (int(h->ranks) != n)
      refuse(s, "a process came to rank 0 as rank " + std::to_string(h->rank) + " of " +
                    std::to_string(h->ranks) + ", but this run has " + std::to_string(n) +
                    " ranks");
    if (h->rank < 1 || int(h->rank) >= n || x.peers()[h->rank])
      refuse(s, "rank " + std::to_string(h->rank) + " came to rank 0 twice (or is out of range)");
    addr[h->rank] = peer;
    port[h->rank] = h->port;
    x.peers()[h->rank] = std::move(s);
    ++joined;
  }
  for (int r = 1; r < n; ++r) {
    const uint32_t status = 0;
    write_all(x.peers()[size_t(r)].fd(), &status, 4, r);
    for (int q = 0; q < n; ++q) {
      const uint32_t entry[2] = {addr[size_t(q)].sin_addr.s_addr, port[size_t(q)]};
      write_all(x.peers()[size_t(r)].fd(), entry, sizeof entry, r);
    }
  }
}

// Ranks above 0: meet rank 0, then connect to the lower ranks and take the higher ones' calls.
void join(TcpExchange& x, Socket to_root, const std::string& where, double deadline) {
  const int n = x.ranks(), me = x.rank();
  Socket listener = listen_on(0);
  send_hello(
      to_root.fd(),
      Hello{kMagic, kVersion, uint32_t(n), uint32_t(me), uint32_t(local_port(listener.fd()))}, 0);
  uint32_t status = 0;
  read_all(to_root.fd(), &status, 4, 0, deadline);
  if (status != 0) {
    uint32_t len = 0;
    read_all(to_root.fd(), &len, 4, 0, deadline);
    std::string why(std::min<uint32_t>(len, 4096), '\0');
    read_all(to_root.fd(), why.data(), why.size(), 0, deadline);
    throw Error("rank 0 at " + where + " refused rank " + std::to_string(me) + ": " + why);
  }
  std::vector<sockaddr_in> table(static_cast<size_t>(n));
  for (int q = 0; q < n; ++q) {
    uint32_t entry[2];
    read_all(to_root.fd(), entry, sizeof entry, 0, deadline);
    table[size_t(q)].sin_family = AF_INET;
    table[size_t(q)].sin_addr.s_addr = entry[0];
    table[size_t(q)].sin_port = htons(uint16_t(entry[1]));
  }
  x.peers()[0] = std::move(to_root);
  for (int q = 1; q < me; ++q) {
    Socket s;
    while (!s && now_s() < deadline) {
      s = try_connect(table[size_t(q)], std::min(1000, ms_left(deadline)));
      if (!s) std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMs));
    }
    if (!s) throw Error("rank " + std::to_string(me) + " cannot reach rank " + std::to_string(q));
    send_hello(s.fd(), Hello{kMagic, kVersion, uint32_t(n), uint32_t(me), 0}, q);
    x.peers()[size_t(q)] = std::move(s);
  }
  for (int joined = me + 1; joined < n;) {
    sockaddr_in peer{};
    Socket s = accept_until(listener.fd(), deadline, &peer);
    if (!s)
      throw Error("rank " + std::to_string(me) + " waited for ranks " +
                  list_missing(x.peers(), me) + " to connect until the rendezvous timeout");
    const std::optional<Hello> h = read_hello(s.fd(), std::min(deadline, now_s() + 5));
    if (!h || int(h->ranks) != n || int(h->rank) <= me || int(h->rank) >= n || x.peers()[h->rank])
      continue;
    x.peers()[h->rank] = std::move(s);
    ++joined;
  }
}

// Rank 0's address for a file rendezvous: GPULIFE_RENDEZVOUS_HOST, else this host's name.
std::string advertised_host() {
  if (const char* h = std::getenv("GPULIFE_RENDEZVOUS_HOST"); h && *h) return h;
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0) return "localhost";
  return name;
}

void write_address_file(const std::string& path, const std::string& host, int port) {
  const std::string temp = path + ".tmp" + std::to_string(getpid());
  {
    std::ofstream out(temp, std::ios::trunc);
    out << host << " " << port << "\n";
    if (!out.flush()) throw Error("cannot write the rendezvous file " + path + ": " + errno_text());
  }
  std::error_code ec;
  std::filesystem::rename(temp, path, ec);
  if (ec) throw Error("cannot write the rendezvous file " + path + ": " + ec.message());
}

// Connects to rank 0 through the address file, which may not exist yet or may be stale.
Socket reach_root_by_file(const std::string& path, double deadline, std::string& where) {
  std::string last = "the file does not exist yet";
  while (now_s() < deadline) {
    std::ifstream in(path);
    std::string host;
    int port = 0;
    if (in >> host >> port) {
      where = host + ":" + std::to_string(port);
      try {
        if (Socket s = try_connect(resolve(host, port), std::min(1000, ms_left(deadline))))
          return s;
        last = "nothing answers at " + where;
      } catch (const Error& e) {
        last = e.what();
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMs));
  }
  throw Error("cannot reach rank 0 through the rendezvous file " + path + " (" + last +
              ") until the rendezvous timeout: is rank 0 running with the same file?");
}

}  // namespace

std::shared_ptr<RankExchange> connect_ranks(const RankSetup& setup, double timeout_s) {
  auto x = std::make_shared<TcpExchange>(setup.ranks, setup.rank);
  if (setup.ranks == 1) return x;
  const RendezvousAddress a = parse_rendezvous(setup.rendezvous);
  const double deadline = now_s() + timeout_s;
  if (setup.rank == 0) {
    std::error_code ec;
    if (a.file) std::filesystem::remove(a.path, ec);  // a stale address must not be found
    Socket listener = listen_on(a.file ? 0 : a.port);
    const int port = local_port(listener.fd());
    std::string where = "port " + std::to_string(port);
    if (a.file) {
      write_address_file(a.path, advertised_host(), port);
      where += " (advertised in " + a.path + ")";
    }
    serve(*x, listener.fd(), where, deadline);
    if (a.file) std::filesystem::remove(a.path, ec);  // everyone has connected
    return x;
  }
  std::string where;
  Socket root;
  if (a.file) {
    root = reach_root_by_file(a.path, deadline, where);
  } else {
    where = a.host + ":" + std::to_string(a.port);
    const sockaddr_in addr = resolve(a.host, a.port);
    while (!root && now_s() < deadline) {
      root = try_connect(addr, std::min(1000, ms_left(deadline)));
      if (!root) std::this_thread::sleep_for(std::chrono::milliseconds(kRetryMs));
    }
    if (!root)
      throw Error("rank " + std::to_string(setup.rank) + " cannot reach rank 0 at " + where +
                  " until the rendezvous timeout: is rank 0 running there, and is the port "
                  "open?");
  }
  join(*x, std::move(root), where, deadline);
  return x;
}

}  // namespace gpulife::app
