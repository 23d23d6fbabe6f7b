# badinput: x.size[0] (size not called)
# expect-exit: 1
# expect-stderr: TypeError: 'builtin_function_or_method' object is not subscriptable
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(2).size[0]
