# badinput: t where shape mismatch (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0
import torch
torch.where(torch.ones(2) > 0, torch.ones(3), torch.ones(4))
