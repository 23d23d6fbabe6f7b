# badinput: torch API misuse: len 0d
# expect-exit: 1
# expect-stderr: TypeError: len() of a 0-d tensor
import torch
len(torch.tensor(1.0))
