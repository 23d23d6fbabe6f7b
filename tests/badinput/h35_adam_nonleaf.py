# badinput: optimizing a non-leaf tensor
# expect-exit: 1
# expect-stderr: ValueError: can't optimize a non-leaf Tensor
import torch
p = torch.ones(3, requires_grad=True) * 2
torch.optim.Adam([p])
