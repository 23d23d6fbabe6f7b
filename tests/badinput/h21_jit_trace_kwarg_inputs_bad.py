# badinput: jit.trace with example_inputs of a dict
# expect-exit: 1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.jit.trace(lambda x: x, {'x': torch.ones(1)})
