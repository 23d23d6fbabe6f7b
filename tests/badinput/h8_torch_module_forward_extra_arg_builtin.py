# badinput: PyTorch misuse: module forward extra arg builtin
# expect-exit: 1
# expect-stderr: TypeError: Linear.forward() takes 2 positional arguments but 3 were given
import torch
m = torch.nn.Linear(2, 2)
m(torch.zeros(2), torch.zeros(2))
