# badinput: max() of an empty tensor
# expect-exit: 1
# expect-stderr: RuntimeError: max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor([]).max()
