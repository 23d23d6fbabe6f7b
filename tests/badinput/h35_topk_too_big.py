# badinput: torch API misuse: topk too big
# expect-exit: 1
# expect-stderr: RuntimeError: selected index k out of range
import torch
torch.ones(3).topk(5)
