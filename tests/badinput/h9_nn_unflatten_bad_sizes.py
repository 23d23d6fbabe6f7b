# badinput: Unflatten sizes that do not multiply to the dim
# expect-exit: 1
# expect-stderr: RuntimeError: unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (5) in the input tensor
import torch
torch.nn.Unflatten(1, (2, 2))(torch.ones(3, 5))
