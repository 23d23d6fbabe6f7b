// CUDA graphs for mode="reduce-overhead" (see cuda_graph.h).
#include "backends/cuda_graph.h"

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
        if (is_static_[i] && inputs[i].raw_data() != static_inputs_[i].raw_data()) return false;
    return true;
}

void CudaGraphRunner::record(const std::vector<Tensor>& inputs) {
    graph_.reset();
    static_outputs_.clear();
    static_inputs_.clear();
    is_static_.clear();
    for (const Tensor& t : inputs) {
        KILN_CHECK(t.device() == Device::CUDA, RuntimeError, "an input lives on the CPU");
        bool st = is_static_input(t);
        is_static_.push_back(st);
        static_inputs_.push_back(st ? t : same_layout(t));
    }
    ++recordings_;
    // The inputs' values are copied at replay; recording itself runs nothing.
    graph_ = cuda::record_graph([&] { static_outputs_ = runner_.run(static_inputs_); });
    for (const Tensor& o : static_outputs_)
        KILN_CHECK(o.device() == Device::CUDA, RuntimeError, "an output lives on the CPU");
}

std::vector<Tensor> CudaGraphRunner::replay(const std::vector<Tensor>& inputs) {
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
    for (const Tensor& o : static_outputs_) {
        Tensor fresh = same_layout(o);
        copy_span(fresh, o);
        out.push_back(fresh);
    }
    replayed_last_ = true;
    return out;
}

}  // namespace kiln::backends
