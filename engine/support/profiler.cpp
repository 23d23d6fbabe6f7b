// The operator-event buffer and clock of support/profiler.h. One buffer for the process: profiles
// that record at the same time (nested `with profile()` blocks) each remember where they started
// and read the events from there when they stop.
#include "support/profiler.h"

#include <algorithm>

#include <chrono>
#include <mutex>

namespace kiln::profiler {

namespace detail {
std::atomic<int> g_active{0};
}

namespace {
std::mutex g_mu;
std::vector<Event> g_events;
int g_shape_profiles = 0;  // recording profiles with record_shapes=True
std::atomic<int64_t> g_last_ns{0};
}  // namespace

bool record_shapes() {
    std::lock_guard<std::mutex> lock(g_mu);
    return g_shape_profiles > 0;
}

int64_t now_ns() {
    int64_t t = std::chrono::duration_cast<std::chrono::nanoseconds>(
                    std::chrono::steady_clock::now().time_since_epoch())
                    .count();
    int64_t last = g_last_ns.load(std::memory_order_relaxed);
    int64_t next;
    do {
        next = t > last ? t : last + 1;
    } while (!g_last_ns.compare_exchange_weak(last, next, std::memory_order_relaxed));
    return next;
}

size_t start(bool shapes) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (shapes) ++g_shape_profiles;
    detail::g_active.fetch_add(1);
    return g_events.size();
}

void stop(bool shapes) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (detail::g_active.load() <= 0) return;
    if (shapes && g_shape_profiles > 0) --g_shape_profiles;
    if (detail::g_active.fetch_sub(1) == 1) g_events.clear();
}

std::vector<Event> events_since(size_t from) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (from >= g_events.size()) return {};
    return std::vector<Event>(g_events.begin() + static_cast<std::ptrdiff_t>(from), g_events.end());
}

void push(Event e) {
    std::lock_guard<std::mutex> lock(g_mu);
    if (detail::g_active.load() > 0) g_events.push_back(std::move(e));
}

namespace {
void push_nested(const std::vector<OpEvent>& events, bool shapes) {
    for (const OpEvent& e : events) {
        Event ev;
        ev.name = e.name;
        ev.start_ns = now_ns();
        push_nested(e.children, shapes);
        ev.end_ns = now_ns();
        if (shapes) {
            ev.shapes = e.shapes;
            ev.has_shapes = true;
        }
        push(std::move(ev));
    }
}
}  // namespace

void push_tree(const std::vector<OpEvent>& events) {
    if (enabled()) push_nested(events, record_shapes());
}

OpEvent t_event(const std::vector<int64_t>& sizes) {
    return {"aten::t", {sizes}, {{"aten::transpose", {sizes, {}, {}}, {{"aten::as_strided", {sizes, {}, {}, {}}, {}}}}}};
}

OpEvent sum_event(const std::vector<int64_t>& in, const std::vector<int64_t>& dims, bool keepdim) {
    // the reduction's output viewed with the input's rank (1 on the reduced dims), which the kernel
    // fills with 0 before accumulating; without keepdim the view is an as_strided of the result
    std::vector<int64_t> kept = in, out;
    for (size_t d = 0; d < in.size(); ++d) {
        bool reduced = dims.empty();
        for (int64_t r : dims) reduced = reduced || r == int64_t(d) || r + int64_t(in.size()) == int64_t(d);
        if (reduced) kept[d] = 1;
        else out.push_back(in[d]);
    }
    OpEvent e{"aten::sum", {in, {}, {}, {}}, {}};
    if (!keepdim) e.children.push_back({"aten::as_strided", {out, {}, {}, {}}, {}});
    e.children.push_back({"aten::fill_", {kept, {}}, {}});
    return e;
}

OpEvent view_event(const std::vector<int64_t>& in) { return {"aten::view", {in, {}}, {}}; }

std::vector<OpEvent> gemm_resolve_conj(const std::vector<int64_t>& a, const std::vector<int64_t>& as,
                                       const std::vector<int64_t>& b, const std::vector<int64_t>& bs) {
    // A fresh row-major result: addmm_impl_cpu_ takes it as the transposed (column-major) C and swaps
    // the operands (C^T = B^T A^T), so b is cast before a; an operand is used as is when its rows are contiguous (resolve_conj) and transposed when its
    // columns are; one that is neither is copied (clone, then resolve_conj of nothing more).
    std::vector<OpEvent> out;
    out.push_back({"aten::resolve_conj", {{a.size() == 2 && b.size() == 2 ? a[0] : 0, b.size() == 2 ? b[1] : 0}}, {}});
    auto operand = [&](const std::vector<int64_t>& s, const std::vector<int64_t>& st) {
        if (s.size() != 2 || st.size() != 2) return;
        const bool rows = st[1] == 1 && st[0] >= std::max<int64_t>(1, s[1]);
        const bool cols = st[0] == 1 && st[1] >= std::max<int64_t>(1, s[0]);
        if (rows || (!cols && (s[0] == 1 || s[1] == 1))) out.push_back({"aten::resolve_conj", {s}, {}});
        else if (!cols)  // clone(MemoryFormat::Contiguous): empty_like -> empty, then copy_
            out.push_back({"aten::clone", {s, {}},
                           {{"aten::empty_like", {s, {}, {}, {}, {}, {}}, {{"aten::empty", ShapeList(6), {}}}},
                            {"aten::copy_", {s, s, {}}, {}}}});
    };
    operand(b, bs);
    operand(a, as);
    return out;
}

OpEvent mm_event(const std::vector<int64_t>& a, const std::vector<int64_t>& as, const std::vector<int64_t>& b,
                 const std::vector<int64_t>& bs) {
    return {"aten::mm", {a, b}, gemm_resolve_conj(a, as, b, bs)};
}

}  // namespace kiln::profiler
