# badinput: TransformerEncoderLayer activation='swish'
# expect-exit: 1
# expect-stderr: RuntimeError: activation should be relu/gelu, not swish
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.TransformerEncoderLayer(d_model=8, nhead=2, activation="swish")
