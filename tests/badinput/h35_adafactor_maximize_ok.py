# badinput: optim.Adafactor maximize=True foreach=True on a matrix parameter (valid)
# expect-exit: 0
# expect-stdout: torch.Size([2, 3])
import torch
p = torch.nn.Parameter(torch.ones(2, 3))
o = torch.optim.Adafactor([p], maximize=True, foreach=True)
p.grad = torch.ones(2, 3)
o.step()
print(p.shape)
