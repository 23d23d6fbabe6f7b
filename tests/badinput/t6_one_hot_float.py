# badinput: one hot float (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: one_hot is only applicable to index tensor of type LongTensor.
import torch
import torch.nn.functional as F
F.one_hot(torch.ones(3))
