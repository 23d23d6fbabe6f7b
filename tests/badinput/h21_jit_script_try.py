# badinput: jit.script of a function with try/except
# expect-exit: 1
# expect-stderr: except Exception:
import torch
import torch.nn as nn
import torch.nn.functional as F
@torch.jit.script
def f(x):
    try:
        return x
    except Exception:
        return x
