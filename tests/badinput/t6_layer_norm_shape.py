# badinput: layer norm shape (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: Given normalized_shape=[5], expected input with shape [*, 5], but got input of size[2, 3]
import torch
import torch.nn.functional as F
F.layer_norm(torch.ones(2, 3), (5,))
