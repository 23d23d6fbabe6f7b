# badinput: nn.GRU given h0 of the wrong batch size
# expect-exit: 1
# expect-stderr: RuntimeError: Expected hidden size (1, 2, 4), got [1, 3, 4]
import torch
torch.nn.GRU(3, 4)(torch.randn(5, 2, 3), torch.randn(1, 3, 4))
