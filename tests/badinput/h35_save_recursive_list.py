# badinput: torch.save of a list containing itself
# expect-exit: 0
# expect-stdout: True
import io
import torch
a = [torch.ones(1)]
a.append(a)
b = io.BytesIO()
torch.save(a, b)
b.seek(0)
r = torch.load(b)
print(r[1] is r)
