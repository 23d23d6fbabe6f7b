# badinput: empty 2 63
# expect-exit: 1
# expect-stderr: RuntimeError: Overflow when unpacking long
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.empty(2 ** 63)
