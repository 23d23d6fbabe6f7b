# badinput: jit load dir
# expect-exit: 1
# expect-stderr: ValueError: The provided filename . is a directory
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.jit.load(".")
