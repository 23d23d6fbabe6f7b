# badinput: an in-place op on a slice of detach(): allowed, it writes the shared storage
# expect-exit: 0
# expect-stdout: [2.0, 2.0, 1.0]
import torch
x = torch.ones(3, requires_grad=True)
d = x.detach()[:2]
d.add_(1)
print(x.tolist())
