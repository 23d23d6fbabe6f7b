# badinput: SGD nesterov without momentum
# expect-exit: 1
# expect-stderr: ValueError: Nesterov momentum requires a momentum and zero dampening
import torch
p = torch.nn.Parameter(torch.ones(3))
torch.optim.SGD([p], lr=0.1, nesterov=True)
