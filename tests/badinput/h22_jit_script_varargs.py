# badinput: torch.jit.script of a *args function
# expect-exit: 0
# expect-stdout: torch.jit.frontend NotSupportedError Compiled functions can't take variable number of arguments or use keyword-only arguments with defaults:
import torch
import torch.nn as nn
import torch.nn.functional as F
def f(*xs):
    return xs[0]
try:
    torch.jit.script(f)
except Exception as e:
    print(type(e).__module__, type(e).__name__, str(e).splitlines()[0])
