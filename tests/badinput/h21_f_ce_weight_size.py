# badinput: cross_entropy with a weight of the wrong size
# expect-exit: 1
# expect-stderr: RuntimeError: weight tensor should be defined either for all 3 classes or no classes but got weight tensor of shape: [4]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.cross_entropy(torch.randn(2,3), torch.tensor([0,1]), weight=torch.ones(4))
