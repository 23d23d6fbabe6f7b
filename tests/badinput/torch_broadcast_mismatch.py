# badinput: adding shapes that do not broadcast
# expect-exit: 1
# expect-stderr: RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1
import torch
torch.ones(2, 3) + torch.ones(4)
