# badinput: nn.Sequential nested 10000 deep (each Module.__call__ is a frame, as in PyTorch)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
m = torch.nn.Linear(1, 1)
for i in range(10000):
    m = torch.nn.Sequential(m)
print(m(torch.ones(1)).shape)
