// CUDA graphs for mode="reduce-overhead" (see cuda_graph.h).
#include "backends/cuda_graph.h"

#include <algorithm>
#include <utility>

#include "cuda/cuda.h"
#include "ops/ops.h"
#include "support/error.h"

namespace kiln::backends {

namespace {

// Bytes from element [0,...] to one past the last element a strided view reaches (strides are
// never negative here): the span a copy must move so that every element of the view arrives.
size_t extent_bytes(const Tensor& t) {
    if (t.numel() == 0) return 0;
    int64_t last = 0;
    for (int64_t d = 0; d < t.dim(); ++d) last += (t.sizes()[size_t(d)] - 1) * t.strides()[size_t(d)];
    return size_t(last + 1) * t.element_size();
}

// A new CUDA tensor with t's sizes and strides over storage of its own (offset 0).
Tensor same_layout(const Tensor& t) {
    auto impl = std::make_shared<TensorImpl>();
    impl->storage = Storage::allocate(extent_bytes(t), Device::CUDA);
    impl->sizes = t.sizes();
    impl->strides = t.strides();
    impl->dtype = t.dtype();
    return Tensor(impl);
}

void copy_span(const Tensor& dst, const Tensor& src) { cuda::copy_async(dst.raw_data(), src.raw_data(), extent_bytes(src)); }

// Parameters keep their storage for the life of the module: the graph may read them in place.
bool is_static_input(const Tensor& t) { return t.impl()->is_parameter; }

int64_t g_replays = 0;

}  // namespace

int64_t cuda_graph_replays() { return g_replays; }

CudaGraphRunner::~CudaGraphRunner() {
    graph_.reset();  // the recording first, then the buffers its pool lent out
    static_outputs_.clear();
}

std::vector<Tensor> CudaGraphRunner::run(const std::vector<Tensor>& inputs) {
    replayed_last_ = false;
    if (!skipped_.empty() || ++calls_ == 1) return runner_.run(inputs);
    if (!graph_ || !static_addresses_hold(inputs)) {
        if (recordings_ >= kMaxRecordings) {
            skipped_ = "parameters moved to new addresses " + std::to_string(kMaxRecordings) +
                       " times (each move records the graph again)";
            graph_.reset();
            return runner_.run(inputs);
        }
        try {
            record(inputs);
        } catch (const Error& e) {
            skipped_ = e.what();
            graph_.reset();
            static_inputs_.clear();
            static_outputs_.clear();
            return runner_.run(inputs);
        }
    }
    return replay(inputs);
}

bool CudaGraphRunner::static_addresses_hold(const std::vector<Tensor>& inputs) const {
    if (inputs.size() != static_inputs_.size()) return false;
    for (size_t i = 0; i < inputs.size(); ++i)
        if (is_static_[i] && inputs[i].raw_data() != static_addr_[i]) return false;
    return true;
}

bool CudaGraphRunner::lent_current(const std::vector<Tensor>& tensors, size_t n) const {
    if (!graph_ || !replayed_last_ || lend_from_ > static_outputs_.size() || n > static_outputs_.size() - lend_from_ ||
        n > tensors.size())
        return false;
    for (size_t i = 0; i < n; ++i) {
        const Tensor& o = static_outputs_[lend_from_ + i];
        const Tensor& t = tensors[i];
        if (t.raw_data() != o.raw_data() || t.sizes() != o.sizes() || t.strides() != o.strides()) return false;
    }
    return true;
}

void CudaGraphRunner::record(const std::vector<Tensor>& inputs) {
    graph_.reset();
    static_outputs_.clear();
    static_inputs_.clear();
    static_addr_.clear();
    is_static_.clear();
    lent_.clear();
    std::vector<Tensor> run_with;  // what the recording runs on: the graph's input copies, or the inputs themselves
    for (size_t i = 0; i < inputs.size(); ++i) {
        const Tensor& t = inputs[i];
        KILN_CHECK(t.device() == Device::CUDA, RuntimeError, "an input lives on the CPU");
        const bool prefix = i < static_prefix_, st = prefix || is_static_input(t);
        is_static_.push_back(st);
        static_addr_.push_back(st ? t.raw_data() : nullptr);
        static_inputs_.push_back(prefix ? Tensor() : st ? t : same_layout(t));
        run_with.push_back(st ? t : static_inputs_.back());
    }
    ++recordings_;
    // The inputs' values are copied at replay; recording itself runs nothing.
    graph_ = cuda::record_graph([&] { static_outputs_ = runner_.run(run_with); });
    for (const Tensor& o : static_outputs_)
        KILN_CHECK(o.device() == Device::CUDA, RuntimeError, "an output lives on the CPU");
    // Lent: outputs from lend_from_ on that live in the graph's own memory (its pool or its input
    // copies); one that is an input read in place (a parameter passed through) belongs to its owner.
    lent_.assign(static_outputs_.size(), false);
    for (size_t i = lend_from_; i < static_outputs_.size(); ++i) {
        bool owned_outside = false;
        for (size_t j = 0; j < inputs.size(); ++j)
            owned_outside = owned_outside || (is_static_[j] && inputs[j].impl()->storage == static_outputs_[i].impl()->storage);
        lent_[i] = !owned_outside;
    }
}

// Before a replay overwrites the lent buffers: a buffer still referenced outside the runner (a saved
// tensor of a backward not yet run) has its values copied to new memory, which the outside holders'
// Storage takes over (a pointer swap); the graph keeps its address in a Storage of the runner's own.
void CudaGraphRunner::protect_lent() {
    std::vector<std::pair<Storage*, std::shared_ptr<Storage>>> moved;
    // The references the runner's own tensors make to a storage: one per distinct TensorImpl (an
    // input passed through is the same impl in both lists).
    auto runner_refs = [&](const std::shared_ptr<Storage>& st) {
        std::vector<const TensorImpl*> seen;
        for (const std::vector<Tensor>* list : {&static_outputs_, &static_inputs_})
            for (const Tensor& t : *list)
                if (t.defined() && t.impl()->storage == st &&
                    std::find(seen.begin(), seen.end(), t.impl()) == seen.end())
                    seen.push_back(t.impl());
        return long(seen.size());
    };
    for (size_t i = 0; i < lent_.size(); ++i) {
        if (!lent_[i]) continue;
        const std::shared_ptr<Storage>& st = static_outputs_[i].impl()->storage;
        bool done = false;
        for (const auto& m : moved) done = done || m.first == st.get();
        if (done || st.use_count() <= runner_refs(st)) continue;
        std::shared_ptr<Storage> mine = Storage::allocate(st->nbytes, Device::CUDA);
        cuda::copy_async(mine->data, st->data, st->nbytes);
        std::swap(mine->data, st->data);  // the outside holders now own the copy
        moved.emplace_back(st.get(), std::move(mine));
    }
    if (moved.empty()) return;
    for (std::vector<Tensor>* list : {&static_outputs_, &static_inputs_})
        for (Tensor& t : *list)
            if (t.defined())
                for (const auto& m : moved)
                    if (t.impl()->storage.get() == m.first) t.impl()->storage = m.second;
}

std::vector<Tensor> CudaGraphRunner::replay(const std::vector<Tensor>& inputs) {
    protect_lent();
    for (size_t i = 0; i < inputs.size(); ++i)
        if (!is_static_[i]) copy_span(static_inputs_[i], inputs[i]);
    // Random fills recorded in the graph draw from the CUDA generator's current offset, which moves
    // past them (each replay draws new numbers, as the eager calls would).
    if (uint64_t increment = cuda::graph_rng_increment(*graph_)) {
        auto [seed, offset] = reserve_cuda_philox(increment);
        cuda::set_graph_rng(*graph_, seed, offset);
    }
    cuda::replay(*graph_);
    ++g_replays;
    std::vector<Tensor> out;
    for (size_t i = 0; i < static_outputs_.size(); ++i) {
        const Tensor& o = static_outputs_[i];
        if (i >= lend_from_) {  // lent (or an input passed through): the buffer itself, in a view of its own
            out.push_back(o.detach());
            continue;
        }
        Tensor fresh = same_layout(o);
        copy_span(fresh, o);
        out.push_back(fresh);
    }
    replayed_last_ = true;
    return out;
}

}  // namespace kiln::backends
