# badinput: unbind outputs replaced out of place and stacked: allowed, gradients flow
# expect-exit: 0
# expect-stdout: [[10.0, 10.0, 10.0], [2.0, 2.0, 2.0]]
import torch
x = torch.ones(2, 3, requires_grad=True)
rows = list((x * 2).unbind(0))
rows[0] = rows[0] * 5
out = torch.stack(rows).sum()
out.backward()
print(x.grad.tolist())
