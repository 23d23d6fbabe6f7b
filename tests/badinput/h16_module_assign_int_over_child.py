# badinput: an int assigned over a child module attribute
# expect-exit: 1
# expect-stderr: TypeError: cannot assign 'int' as child module 'fc' (torch.nn.Module or None expected)
import torch
m = torch.nn.Module()
m.fc = torch.nn.Linear(1, 1)
m.fc = 3
