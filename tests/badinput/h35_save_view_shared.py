# badinput: torch.save of a tensor and its view keeps them sharing storage
# expect-exit: 0
# expect-stdout: tensor([  0.,   1., 100.,   3.,   4.,   5.])
import io
import torch
x = torch.arange(6.)
b = io.BytesIO()
torch.save([x, x[2:4]], b)
b.seek(0)
a, v = torch.load(b)
v[0] = 100
print(a)
