# badinput: unfold with step 0
# expect-exit: 1
# expect-stderr: RuntimeError: step is 0 but must be > 0
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.arange(5).unfold(0, 2, 0))
