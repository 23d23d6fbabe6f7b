# badinput: parameters() is a generator: next() and exhaustion
# expect-exit: 1
# expect-stderr: StopIteration
import torch
import torch.nn as nn
import torch.nn.functional as F
m = nn.Linear(2, 3)
p = m.parameters()
print(type(p).__name__, next(p).shape, next(p).shape)
next(p)
