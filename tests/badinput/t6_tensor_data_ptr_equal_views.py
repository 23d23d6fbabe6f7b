# badinput: tensor data ptr equal views (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.
import torch
x = torch.arange(6.)
y = x.view(2, 3).t()
y.view(6)
