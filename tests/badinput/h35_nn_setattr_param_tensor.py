# badinput: torch.nn / utils misuse: nn setattr param tensor
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or None expected)
import torch
m = torch.nn.Linear(1, 1)
m.weight = torch.ones(1, 1)
