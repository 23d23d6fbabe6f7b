# badinput: fill_ of an expanded view (fill is idempotent: allowed)
# expect-exit: 0
# expect-stdout: tensor([2., 2., 2.])
import torch
x = torch.zeros(1).expand(3)
x.fill_(2)
print(x)
