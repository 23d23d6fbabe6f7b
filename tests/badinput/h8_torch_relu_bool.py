# badinput: PyTorch misuse: relu bool
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean inputs not supported for relu
import torch
torch.relu(torch.tensor([True, False]))
