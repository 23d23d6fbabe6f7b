# badinput: torch.jit.save to a path with a NUL byte: refused, never cut short at the NUL
# expect-exit: 1
# expect-stderr: ValueError: embedded null byte
import torch
m = torch.jit.trace(torch.nn.Linear(3, 4), torch.zeros(1, 3))
torch.jit.save(m, "h10_model.pt\0.txt")
