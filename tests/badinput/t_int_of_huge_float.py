# badinput: int() of a float tensor beyond int64 (was INT64_MIN; PyTorch goes through a Python float)
# expect-exit: 1
# expect-stdout: 1000000015047466219876688855040 -3
# expect-stderr: OverflowError: cannot convert float infinity to integer
import torch
print(int(torch.tensor(1e30)), int(torch.tensor(-3.7)))
int(torch.tensor(float("inf")))
