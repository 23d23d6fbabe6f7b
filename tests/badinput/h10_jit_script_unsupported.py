# badinput: jit script unsupported
# expect-exit: 1
# expect-stderr: <--- HERE
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x):
    return x.foo_bar_baz()
