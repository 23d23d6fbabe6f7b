# badinput: nn.Sequential nested 20000 deep, called
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
import torch.nn as nn
m=nn.Identity()
for _ in range(20000): m=nn.Sequential(m)
print(m(torch.ones(1)))
