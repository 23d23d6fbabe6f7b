# badinput: int() of a complex tensor
# expect-exit: 1
# expect-stderr: RuntimeError: value cannot be converted to type int64_t without overflow
import torch
int(torch.tensor(1+1j))
