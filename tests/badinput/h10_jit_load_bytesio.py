# badinput: jit load bytesio (h10: ends normally, as in PyTorch)
# expect-exit: 0
# expect-stdout: True
import torch
import torch.nn as nn
import io
m = torch.jit.trace(nn.Linear(3, 4), torch.zeros(1, 3))
buf = io.BytesIO()
torch.jit.save(m, buf)
buf.seek(0)
r = torch.jit.load(buf)
x = torch.ones(1, 3)
print(torch.equal(r(x), m(x)))
