# badinput: layer_norm with normalized_shape not matching the input
# expect-exit: 1
# expect-stderr: RuntimeError: Given normalized_shape=[4], expected input with shape [*, 4], but got input of size[2, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
F.layer_norm(torch.randn(2,3), (4,))
