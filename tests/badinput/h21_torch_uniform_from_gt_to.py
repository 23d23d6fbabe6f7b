# badinput: uniform_ with from > to
# expect-exit: 1
# expect-stderr: RuntimeError: uniform_ expects to return a [from, to) range, but found from=5 > to=1
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.empty(3).uniform_(5, 1)
