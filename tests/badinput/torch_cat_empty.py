# badinput: torch.cat([])
# expect-exit: 1
# expect-stderr: RuntimeError: torch.cat(): expected a non-empty list of Tensors
import torch
torch.cat([])
