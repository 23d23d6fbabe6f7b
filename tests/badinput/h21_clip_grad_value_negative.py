# badinput: clip_grad_value_ with a negative clip
# expect-exit: 0
# expect-stdout: tensor([-1., -1.])
import torch
import torch.nn as nn
import torch.nn.functional as F
p = nn.Parameter(torch.ones(2))
p.grad = torch.ones(2)
nn.utils.clip_grad_value_([p], -1.0)
print(p.grad)
