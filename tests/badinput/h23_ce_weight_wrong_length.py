# badinput: cross_entropy weight of the wrong length
# expect-exit: 1
# expect-stderr: RuntimeError: weight tensor should be defined either for all 3 classes or no classes but got weight tensor of shape: [2]
import torch
import torch.nn as nn
import torch.nn.functional as F
print(F.cross_entropy(torch.ones(2,3), torch.tensor([0,1]), weight=torch.ones(2)))
