# badinput: mv with a mismatched vector
# expect-exit: 1
# expect-stderr: RuntimeError: size mismatch, got input (2), mat (2x3), vec (2)
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.mv(torch.zeros(2,3), torch.zeros(2))
