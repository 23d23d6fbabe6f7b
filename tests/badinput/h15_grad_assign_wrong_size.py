# badinput: assigning .grad a tensor of another size: 'assigned grad has data of a different size'
# expect-exit: 1
# expect-stderr: RuntimeError: assigned grad has data of a different size
import torch
x = torch.ones(3, requires_grad=True)
x.grad = torch.zeros(4)
