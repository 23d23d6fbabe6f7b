# badinput: vmap with in_dims past the input's dims
# expect-exit: 1
# expect-stderr: ValueError: vmap(<lambda>, in_dims=3, ...)(<inputs>): Got in_dim=3 for some input, but that input is a Tensor of dimensionality 1 so expected in_dim to satisfy -1 <= in_dim < 1.
import torch
torch.vmap(lambda x: x, in_dims=3)(torch.ones(2))
