# badinput: linalg.lstsq with mismatched row counts
# expect-exit: 1
# expect-stderr: RuntimeError: torch.linalg.lstsq: input.size(-2) should match other.size(-2)
import torch
torch.linalg.lstsq(torch.ones(3, 2), torch.ones(4, 1))
