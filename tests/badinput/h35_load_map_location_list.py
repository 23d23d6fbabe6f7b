# badinput: torch.load with a list as map_location
# expect-exit: 1
# expect-stderr: TypeError: 'list' object is not callable
import io
import torch
b = io.BytesIO()
torch.save({"w": torch.ones(2)}, b)
b.seek(0)
torch.load(b, map_location=["cpu"])
