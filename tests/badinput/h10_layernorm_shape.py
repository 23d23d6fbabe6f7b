# badinput: layernorm shape
# expect-exit: 1
# expect-stderr: RuntimeError: Given normalized_shape=[4], expected input with shape [*, 4], but got input of size[2, 3]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.LayerNorm(4)(torch.ones(2, 3))
