# badinput: t backward grad shape (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RuntimeError: Mismatch in shape: grad_output[0] has a shape of torch.Size([3]) and output[0] has a shape of torch.Size([2]).
import torch
x = torch.ones(2, requires_grad=True)
(x * 2).backward(torch.ones(3))
