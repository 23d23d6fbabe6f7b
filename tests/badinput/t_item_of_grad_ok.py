# badinput: t item of grad ok (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 2.0
import torch
x = torch.ones(1, requires_grad=True)
print((x * 2).item())
