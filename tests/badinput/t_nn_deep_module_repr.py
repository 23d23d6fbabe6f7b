# badinput: repr of a Sequential nested 5000 deep is RecursionError (ran for minutes re-indenting)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
m = torch.nn.Identity()
for i in range(5000):
    m = torch.nn.Sequential(m)
print(len(repr(m)))
