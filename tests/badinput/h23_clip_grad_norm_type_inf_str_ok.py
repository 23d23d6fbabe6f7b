# badinput: clip_grad_norm_ with norm_type='inf' (PyTorch takes float(norm_type))
# expect-exit: 0
# expect-stdout: tensor(3.) tensor([1.0000, 1.0000])
import torch
import torch.nn as nn
p = nn.Parameter(torch.ones(2))
p.grad = torch.tensor([3.0, -3.0]).abs()
print(nn.utils.clip_grad_norm_([p], 1.0, norm_type="inf"), p.grad)
