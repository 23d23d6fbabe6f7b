# badinput: float() of a complex tensor
# expect-exit: 1
# expect-stderr: RuntimeError: value cannot be converted to type double without overflow
import torch
float(torch.tensor(1+1j))
