# badinput: CrossEntropyLoss with an unknown reduction
# expect-exit: 1
# expect-stderr: ValueError: bogus is not a valid value for reduction
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.CrossEntropyLoss(reduction='bogus')(torch.randn(2,3), torch.tensor([0,1]))
