# badinput: manual seed str
# expect-exit: 1
# expect-stderr: ValueError: invalid literal for int() with base 10: 'a'
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed("a")
