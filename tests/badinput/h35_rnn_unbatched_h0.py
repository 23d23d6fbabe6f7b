# badinput: nn.RNN with an unbatched input and a batched h0
# expect-exit: 1
# expect-stderr: RuntimeError: For unbatched 2-D input, hx should also be 2-D but got 3-D tensor
import torch
torch.nn.RNN(3, 4)(torch.randn(5, 3), torch.randn(1, 2, 4))
