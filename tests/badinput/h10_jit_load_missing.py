# badinput: jit load missing
# expect-exit: 1
# expect-stderr: ValueError: The provided filename no_such_h10.pt does not exist
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.jit.load("no_such_h10.pt")
