# badinput: 3000 nested Sequentials run forward
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
m = torch.nn.Identity()
for i in range(3000):
    m = torch.nn.Sequential(m)
print(m(torch.ones(1)))
