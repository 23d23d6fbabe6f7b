# badinput: set_ with a negative stride over one element (no span)
# expect-exit: 0
# expect-stdout: tensor([1.])
import torch
x = torch.empty(0)
x.set_(torch.ones(4).untyped_storage(), 2, (1,), (-1,))
print(x)
