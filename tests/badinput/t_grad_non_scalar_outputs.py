# badinput: t grad non scalar outputs (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: grad can be implicitly created only for scalar outputs
import torch
x = torch.ones(2, requires_grad=True)
torch.autograd.grad(x * 2, x)
