# badinput: int()/float() of a one-element complex tensor with an imaginary part (it dropped the imaginary part silently; c10's checked_convert refuses)
# expect-exit: 1
# expect-stderr: RuntimeError: value cannot be converted to type int64_t without overflow
import torch
print(int(torch.tensor(3 + 0j)), float(torch.tensor([2.5 + 0j])), complex(torch.tensor(1.5)))
try:
    float(torch.tensor([1 + 2j]))
except RuntimeError as e:
    print(e)
int(torch.tensor([1 + 2j]))
