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

// An operator event with the operators its kernel dispatches in turn (PyTorch's profiler shows them
// as its children): composite operators (linear -> t + addmm), kernels that call other operators
// (addmm -> expand, copy_, resolve_conj), and the operators of backward formulas. Kiln's kernels
// compute directly, so the bindings and the autograd nodes describe these trees and push them.
using ShapeList = std::vector<std::vector<int64_t>>;
struct OpEvent {
    std::string name;
    ShapeList shapes;  // record_shapes: one entry per schema argument
    std::vector<OpEvent> children;
};
// Pushes the trees as events nested by their intervals, starting now (shapes kept when a recording
// profile asked for them).
void push_tree(const std::vector<OpEvent>& events);

// The trees of a few operators many kernels and formulas reach (PyTorch 2.x's CPU kernels):
// t -> transpose -> as_strided; sum (a reduction: as_strided of its result when keepdim=False, and
// the fill_ of its output); view; mm (resolve_conj of the result and of each row-major operand).
OpEvent t_event(const std::vector<int64_t>& sizes);
OpEvent sum_event(const std::vector<int64_t>& in, const std::vector<int64_t>& dims, bool keepdim);
OpEvent view_event(const std::vector<int64_t>& in);
OpEvent mm_event(const std::vector<int64_t>& a, const std::vector<int64_t>& a_strides, const std::vector<int64_t>& b,
                 const std::vector<int64_t>& b_strides);
// The resolve_conj events of addmm_impl_cpu_ for an [m, n] result from a and b: the result, then each
// operand whose layout is row-major (a column-major one is passed transposed, without an event).
std::vector<OpEvent> gemm_resolve_conj(const std::vector<int64_t>& a, const std::vector<int64_t>& a_strides,
                                       const std::vector<int64_t>& b, const std::vector<int64_t>& b_strides);

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
