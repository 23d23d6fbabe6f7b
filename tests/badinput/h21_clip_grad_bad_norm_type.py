# badinput: clip_grad_norm_ with a nonsense norm type
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
p = nn.Parameter(torch.ones(2))
p.grad = torch.ones(2)
nn.utils.clip_grad_norm_([p], 1.0, norm_type='fro2')
