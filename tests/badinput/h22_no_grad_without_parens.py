# badinput: with torch.no_grad (not called)
# expect-exit: 1
# expect-stderr: TypeError: 'type' object does not support the context manager protocol
import torch
import torch.nn as nn
import torch.nn.functional as F
with torch.no_grad:
    pass
