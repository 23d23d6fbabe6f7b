// mode="reduce-overhead" on CUDA: the whole compiled call recorded once into a CUDA graph and
// replayed with a single launch per call, which is what makes launch-bound models (many tiny
// kernels, e.g. a 16-layer MLP at batch 32) fast: the host no longer pays a launch per kernel.
//
// A graph replays fixed addresses, so the runner keeps static buffers, as PyTorch's CUDA-graph trees
// do: each call's inputs are copied into graph-owned copies (one device copy each), except
// parameters, which are recorded at their own address (they do not move between calls; if one does,
// the graph is recorded again). Outputs are copied out of the graph's buffers into fresh tensors
// (one device copy each), so a result the program keeps is never overwritten by the next replay
// (PyTorch instead hands out the static buffers and raises if an overwritten one is read).
//
// Compiled training (AOT autograd's forward and backward plans, bindings/inductor.cpp) uses two runners
// joined at the saved activations, as PyTorch's cudagraph trees join a forward and its backward: the
// forward runner *lends* its outputs from lend_from on (the saved tensors) instead of copying them,
// and the backward runner reads its first `static_prefix` inputs (those saved tensors) in place at
// the addresses they had when it recorded, so no activation is copied on either side. A lent buffer
// still referenced when the forward replays again (a second forward before the first's backward)
// first gets its values moved to memory of its own, so the earlier backward reads what it saved.
//
// The calls, as in PyTorch: the first runs the plan normally (warm-up: compiles the kernels and fills
// the allocator's cache), the second records and replays, later ones replay. Anything the recording
// cannot hold (a host synchronization inside the plan, a CPU tensor) leaves the runner on the
// ordinary path with the reason in skipped(): the binding reports it on the perf_hints log.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/executor.h"
#include "tensor/tensor.h"

namespace kiln::cuda {
struct Graph;
}

namespace kiln::backends {

// Graph replays in this process, over all runners (tests and benchmarks read it).
int64_t cuda_graph_replays();

class CudaGraphRunner {
public:
    // lend_from: outputs from this index on are lent (see above); static_prefix: inputs before this
    // index are read in place and not kept alive by the runner (their owner keeps them).
    explicit CudaGraphRunner(PlanRunner& runner, size_t lend_from = SIZE_MAX, size_t static_prefix = 0)
        : runner_(runner), lend_from_(lend_from), static_prefix_(static_prefix) {}
    ~CudaGraphRunner();

    std::vector<Tensor> run(const std::vector<Tensor>& inputs);
    // Whether tensors[0, n) are this runner's lent outputs lend_from.. of its latest replay, at their
    // addresses (a backward runner may then read them in place).
    bool lent_current(const std::vector<Tensor>& tensors, size_t n) const;

    const std::string& skipped() const { return skipped_; }  // why no graph is used; empty while one is
    int recordings() const { return recordings_; }
    bool replayed_last() const { return replayed_last_; }

    static constexpr int kMaxRecordings = 8;  // parameters that keep moving: stop recording

private:
    bool static_addresses_hold(const std::vector<Tensor>& inputs) const;
    void record(const std::vector<Tensor>& inputs);
    std::vector<Tensor> replay(const std::vector<Tensor>& inputs);
    void protect_lent();

    PlanRunner& runner_;
    size_t lend_from_, static_prefix_;
    std::vector<const void*> static_addr_;  // per input read in place: its address at recording
    std::vector<bool> lent_;                 // per output: handed out as the graph's own buffer
    int calls_ = 0;
    int recordings_ = 0;
    bool replayed_last_ = false;
    std::string skipped_;
    std::vector<Tensor> static_inputs_;  // per input: the graph's copy, or the parameter itself
    std::vector<bool> is_static_;        // recorded at the caller's address (parameters)
    std::vector<Tensor> static_outputs_;
    std::shared_ptr<cuda::Graph> graph_;  // declared last: destroyed first, before the buffers it uses
};

}  // namespace kiln::backends
