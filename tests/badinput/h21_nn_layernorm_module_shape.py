# badinput: nn.LayerNorm fed the wrong last dim
# expect-exit: 1
# expect-stderr: RuntimeError: Given normalized_shape=[8], expected input with shape [*, 8], but got input of size[2, 6]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LayerNorm(8)(torch.randn(2,6))
