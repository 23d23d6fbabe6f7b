# badinput: clip_grad_norm_ with norm_type='fro2'
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: 'fro2'
import torch
import torch.nn as nn
m = nn.Linear(2, 2)
m(torch.ones(2)).sum().backward()
nn.utils.clip_grad_norm_(m.parameters(), 1.0, norm_type="fro2")
