# badinput: F.embedding with padding_idx past the table
# expect-exit: 1
# expect-stderr: AssertionError: Padding_idx must be within num_embeddings
import torch
import torch.nn as nn
import torch.nn.functional as F
F.embedding(torch.tensor([0]), torch.zeros(3,2), padding_idx=5)
