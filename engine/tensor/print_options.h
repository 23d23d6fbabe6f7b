// torch.set_printoptions' settings, read by Tensor::repr (print.cpp): PyTorch keeps them in one
// process-wide PRINT_OPTS object, and so does Kiln (one more piece of global state, next to the
// default dtype). Defaults are PyTorch's "default" profile.
#pragma once
#include <cstdint>
#include <optional>

namespace kiln {

struct PrintOptions {
    int precision = 4;
    double threshold = 1000;  // summarize when numel() > threshold (inf for profile="full")
    int64_t edgeitems = 3;
    int linewidth = 80;
    std::optional<bool> sci_mode;  // unset: chosen from the values
};

PrintOptions& print_options();

}  // namespace kiln
