# badinput: assigning .grad a tensor of another dtype: 'assigned grad has data of a different type'
# expect-exit: 1
# expect-stderr: RuntimeError: assigned grad has data of a different type
import torch
x = torch.ones(3, requires_grad=True)
x.grad = torch.zeros(3, dtype=torch.long)
