// RngStateGuard: the CPU generator's whole state (engine, seed, cached normal) kept for a scope and put
// back at its end. copy.deepcopy (bindings/nn.cpp) rebuilds a layer with its constructor, which draws
// initial weights, without moving the program's random stream (PyTorch's deepcopy draws nothing).
#pragma once
#include <memory>

namespace kiln {

class RngStateGuard {
public:
    RngStateGuard();
    ~RngStateGuard();
    RngStateGuard(const RngStateGuard&) = delete;
    RngStateGuard& operator=(const RngStateGuard&) = delete;

private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace kiln
