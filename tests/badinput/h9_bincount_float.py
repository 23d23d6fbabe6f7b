# badinput: bincount of a float tensor
# expect-exit: 1
# expect-stderr: RuntimeError: bincount only supports 1-d non-negative integral inputs.
import torch
torch.bincount(torch.tensor([1.5]))
