# badinput: a traced one-argument function called with two
# expect-exit: 1
# expect-stderr: RuntimeError: f() expected at most 1 argument(s) but received 2 argument(s).
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(x): return x*2
t=torch.jit.trace(f, torch.ones(2))
print(t(torch.ones(2), torch.ones(2)))
