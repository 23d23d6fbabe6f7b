# badinput: t grad no requires (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
x = torch.ones(2)
torch.autograd.grad(x.sum(), x)
