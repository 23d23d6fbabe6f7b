# badinput: flatten with start_dim after end_dim
# expect-exit: 1
# expect-stderr: RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.flatten(torch.ones(2, 3, 4), 2, 1)
