# badinput: torch API misuse: kthvalue bad
# expect-exit: 1
# expect-stderr: RuntimeError: kthvalue(): selected number k out of range for dimension 0
import torch
torch.ones(3).kthvalue(0)
