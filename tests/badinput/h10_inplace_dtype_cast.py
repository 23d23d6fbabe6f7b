# badinput: inplace dtype cast
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
import torch.nn as nn
import torch.nn.functional as F
x = torch.ones(2, dtype=torch.long)
x += 0.5
