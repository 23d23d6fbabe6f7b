# badinput: EmbeddingBag with offsets not starting at 0
# expect-exit: 1
# expect-stderr: offsets[0] has to be 0
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.EmbeddingBag(10,3)(torch.tensor([1,2,3]), torch.tensor([1]))
