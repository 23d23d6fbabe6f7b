# badinput: view of a transposed (non-contiguous) tensor
# expect-exit: 1
# expect-stderr: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
import torch
x = torch.randn(3, 4).t()
print(x.view(12))
