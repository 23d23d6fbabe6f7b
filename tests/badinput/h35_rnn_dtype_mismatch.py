# badinput: nn.RNN (float32 weights) given a float64 input: RNNBase.check_input's ValueError
# expect-exit: 1
# expect-stderr: ValueError: input must have the type torch.float32, got type torch.float64
import torch
torch.nn.RNN(3, 4)(torch.ones(5, 2, 3, dtype=torch.float64))
