// A move-only owner of a resource's small state (a handle, or a few handles and a size) that a
// release function undoes: the move, destroy and reset rules every resource class needs,
// written once.
#pragma once

#include <utility>

namespace gpulife {

// Destroying, resetting or assigning over an Owned calls kRelease on what it holds, then holds
// State{} again; a moved-from Owned holds State{}. kRelease must accept State{} (and do nothing
// with it). A class built from Owned members needs no destructor or move members of its own, and
// when its constructor throws part-way, what its finished members hold is released.
template <class State, void (*kRelease)(State&) noexcept>
class Owned {
 public:
  Owned() = default;
  explicit Owned(State state) : state_(std::move(state)) {}
  ~Owned() { reset(); }
  Owned(Owned&& other) noexcept : state_(std::exchange(other.state_, State{})) {}
  Owned& operator=(Owned&& other) noexcept {
    if (this != &other) {
      reset();
      state_ = std::exchange(other.state_, State{});
    }
    return *this;
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;

  const State& operator*() const { return state_; }
  const State* operator->() const { return &state_; }
  // For constructors that acquire the resource in steps, recording each as it succeeds.
  State& state() { return state_; }
  void reset() noexcept {
    kRelease(state_);
    state_ = State{};
  }

 private:
  State state_{};
};

}  // namespace gpulife
