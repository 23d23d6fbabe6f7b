# badinput: special.xlogy of unbroadcastable shapes
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0
import torch
torch.special.xlogy(torch.ones(3), torch.ones(4))
