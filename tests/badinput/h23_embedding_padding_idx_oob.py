# badinput: padding_idx past num_embeddings
# expect-exit: 1
# expect-stderr: AssertionError: Padding_idx must be within num_embeddings
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.Embedding(3, 3, padding_idx=5)
