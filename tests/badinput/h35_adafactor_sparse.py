# badinput: optim.Adafactor stepping a sparse gradient
# expect-exit: 1
# expect-stderr: RuntimeError: Adafactor does not support sparse gradients
import torch
p = torch.nn.Parameter(torch.ones(3))
o = torch.optim.Adafactor([p])
p.grad = torch.ones(3).to_sparse()
o.step()
