# badinput: movedim with a repeated source
# expect-exit: 1
# expect-stderr: RuntimeError: movedim: repeated dim in `source` ([0, 0])
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.movedim(torch.randn(2,3,4), (0,0), (1,2))
