# badinput: arange with dtype bool
# expect-exit: 1
# expect-stderr: RuntimeError: "arange_cpu" not implemented for 'Bool'
import torch
torch.arange(5, dtype=torch.bool)
