# badinput: torch.tensor_split pieces are ordinary slices (CompositeImplicit), not multi-output views: in-place on one is allowed and differentiates
# expect-exit: 0
# expect-stdout: [2.0, 2.0, 2.0, 2.0]
import torch
x = torch.ones(4, requires_grad=True)
y = x * 2
a, b = torch.tensor_split(y, 2)
a.add_(1)
y.sum().backward()
print(x.grad.tolist())
