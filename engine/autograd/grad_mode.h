// Grad mode: torch.no_grad() / torch.enable_grad() / torch.set_grad_enabled().
//
// When grad mode is off, ops record no autograd nodes (their outputs have requires_grad=False).
// The backward engine turns it off while running backward formulas unless create_graph=True.
#pragma once

namespace kiln::autograd {

bool grad_enabled();
void set_grad_enabled(bool enabled);

// RAII: sets grad mode for a scope and restores the previous mode (the `with` statement's job).
class GradModeGuard {
public:
    explicit GradModeGuard(bool enabled) : prev_(grad_enabled()) { set_grad_enabled(enabled); }
    ~GradModeGuard() { set_grad_enabled(prev_); }
    GradModeGuard(const GradModeGuard&) = delete;
    GradModeGuard& operator=(const GradModeGuard&) = delete;

private:
    bool prev_;
};

struct NoGradGuard : GradModeGuard {
    NoGradGuard() : GradModeGuard(false) {}
};

}  // namespace kiln::autograd
