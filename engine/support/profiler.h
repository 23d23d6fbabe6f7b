// The operator-event recorder behind torch.profiler / torch.autograd.profiler (stdlib/torch/profiler).
//
// PyTorch's profiler records one event per dispatcher call (aten::addmm, aten::relu, ...), per
// autograd node run by the backward engine ("autograd::engine::evaluate_function: AddmmBackward0"
// around "AddmmBackward0"), and per record_function range, each with a start and end time, and with
// record_shapes=True the sizes of each operator argument. Its Python side then nests the events by
// their time intervals (profiler_util.py's _populate_cpu_children). Kiln does the same: while a
// profile is recording, the bindings (bindings/jit_trace.cpp's traced_call, torch.ops calls) and the
// autograd engine append events here, and the Python profiler reads them back when it stops.
//
// The clock is steady and strictly increasing (every reading is at least 1 ns after the previous
// one), so an event that runs inside another always gets a strictly nested interval, even for
// operators shorter than the clock's resolution: the nesting the Python side rebuilds is exact.
#pragma once
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace kiln::profiler {

struct Event {
    std::string name;
    int64_t start_ns = 0;
    int64_t end_ns = 0;
    // record_shapes: one entry per operator argument (a tensor's sizes, [] for anything else)
    std::vector<std::vector<int64_t>> shapes;
    bool has_shapes = false;
    bool user_annotation = false;  // a record_function range (the trace's "user_annotation" category)
};

namespace detail {
extern std::atomic<int> g_active;
}

// Whether any profile is recording (the bindings' per-call test: one relaxed load).
inline bool enabled() { return detail::g_active.load(std::memory_order_relaxed) > 0; }
// Whether a recording profile asked for input shapes.
bool record_shapes();

// The profiler's clock in nanoseconds (steady, strictly increasing across readings).
int64_t now_ns();

// A profile starts recording: returns the index of its first event in the buffer.
size_t start(bool shapes);
// A profile stops recording (`shapes` as given to its start); the buffer is emptied when the last one
// stops.
void stop(bool shapes);
// The events recorded since `from` (in the order they ended).
std::vector<Event> events_since(size_t from);
void push(Event e);

// An event over a C++ scope (the autograd engine's per-node events).
class Scope {
public:
    explicit Scope(std::string name) {
        if (enabled()) {
            active_ = true;
            ev_.name = std::move(name);
            ev_.start_ns = now_ns();
        }
    }
    ~Scope() {
        if (active_) {
            ev_.end_ns = now_ns();
            push(std::move(ev_));
        }
    }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;

private:
    bool active_ = false;
    Event ev_;
};

}  // namespace kiln::profiler
