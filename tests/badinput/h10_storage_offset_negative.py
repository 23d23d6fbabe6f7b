# badinput: storage offset negative
# expect-exit: 1
# expect-stderr: RuntimeError: Tensor: invalid storage offset -1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.ones(4).as_strided((2,), (1,), -1)
