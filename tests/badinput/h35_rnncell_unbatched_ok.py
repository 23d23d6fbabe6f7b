# badinput: nn.RNNCell on an unbatched input (valid)
# expect-exit: 0
# expect-stdout: torch.Size([4])
import torch
print(torch.nn.RNNCell(3, 4)(torch.randn(3)).shape)
