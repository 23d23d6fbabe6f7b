# badinput: in-place float result into an int tensor
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
import torch.nn as nn
import torch.nn.functional as F
x=torch.zeros(3, dtype=torch.long)
x.mul_(1.5)
