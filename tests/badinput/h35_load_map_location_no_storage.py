# badinput: a bad map_location goes unused when the checkpoint holds no storage
# expect-exit: 0
# expect-stdout: {'n': 3}
import io
import torch
b = io.BytesIO()
torch.save({"n": 3}, b)
b.seek(0)
print(torch.load(b, map_location=5))
