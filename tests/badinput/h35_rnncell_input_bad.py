# badinput: nn.RNNCell given an unbatched input of the wrong size
# expect-exit: 1
# expect-stderr: RuntimeError: input has inconsistent input_size: got 5 expected 3
import torch
torch.nn.RNNCell(3, 4)(torch.randn(5))
