# badinput: parameter int
# expect-exit: 1
# expect-stderr: AttributeError: 'int' object has no attribute 'detach'
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Parameter(5)
