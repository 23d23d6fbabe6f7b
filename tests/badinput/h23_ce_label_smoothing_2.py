# badinput: cross_entropy label_smoothing=2
# expect-exit: 1
# expect-stderr: RuntimeError: label_smoothing must be between 0.0 and 1.0. Got: 2
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.cross_entropy(torch.ones(2,3), torch.tensor([0,1]), label_smoothing=2.0))
