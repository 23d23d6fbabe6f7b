# badinput: cross_entropy with label_smoothing > 1
# expect-exit: 1
# expect-stderr: RuntimeError: label_smoothing must be between 0.0 and 1.0. Got: 1.5
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy(torch.randn(2,3), torch.tensor([0,1]), label_smoothing=1.5)
