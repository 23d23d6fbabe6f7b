# badinput: RNN given an h0 of the wrong batch
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden size (1, 2, 5), got [1, 3, 5]
import torch
import torch.nn as nn
import torch.nn.functional as F
nn.RNN(4, 5)(torch.randn(7,2,4), torch.zeros(1,3,5))
