# badinput: torch.nn / utils misuse: clip grad bad norm type
# expect-exit: 1
# expect-stderr: ValueError: could not convert string to float: 'bogus'
import torch
p = torch.nn.Parameter(torch.ones(2))
p.grad = torch.ones(2)
torch.nn.utils.clip_grad_norm_([p], 1.0, norm_type="bogus")
