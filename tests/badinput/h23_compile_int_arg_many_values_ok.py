# badinput: a compiled function called with 20 different ints
# expect-exit: 0
# expect-stdout: ok
import torch
import torch.nn as nn
import torch.nn.functional as F
f=torch.compile(lambda x, n: x*n)
for i in range(20): f(torch.ones(2), i)
print("ok")
