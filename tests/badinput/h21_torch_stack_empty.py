# badinput: torch.stack of an empty list
# expect-exit: 1
# expect-stderr: RuntimeError: stack expects a non-empty TensorList
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.stack([])
