# badinput: torch API misuse: reshape zero neg
# expect-exit: 1
# expect-stderr: RuntimeError: cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified dimension size -1 can be any value and is ambiguous
import torch
torch.ones(0).reshape(0, -1)
