# badinput: nn.RNN given an int64 input: RNNBase.check_input's ValueError, not a matmul dtype error
# expect-exit: 1
# expect-stderr: ValueError: input must have the type torch.float32, got type torch.int64
import torch
torch.nn.RNN(3, 4)(torch.ones(5, 2, 3, dtype=torch.long))
