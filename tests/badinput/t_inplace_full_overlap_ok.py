# badinput: t inplace full overlap ok (issue 31 sweep)
# expect-exit: 0
# expect-stdout: tensor([0., 2., 4., 6.])
import torch
a = torch.arange(4.)
a.add_(a)
print(a)
