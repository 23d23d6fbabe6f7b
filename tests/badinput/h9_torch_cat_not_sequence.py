# badinput: torch.cat(a, b) instead of torch.cat((a, b))
# expect-exit: 1
# expect-stderr:  * (tuple of Tensors tensors, name dim, *, Tensor out = None)
import torch
torch.cat(torch.zeros(2), torch.zeros(2))
