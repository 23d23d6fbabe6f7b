# badinput: LayerNorm with the wrong normalized shape
# expect-exit: 1
# expect-stderr: RuntimeError: Given normalized_shape=[10], expected input with shape [*, 10], but got input of size[2, 5]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LayerNorm(10)(torch.randn(2, 5))
