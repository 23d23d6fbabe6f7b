# badinput: a plain tensor assigned over a Parameter attribute
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or None expected)
import torch
m = torch.nn.Linear(2, 2)
m.weight = torch.zeros(2, 2)
