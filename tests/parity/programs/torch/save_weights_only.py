import os
import torch

path = "tmp_save_weights_only.pt"


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


torch.save({"p": Point(1, torch.tensor([2.0]))}, path)
try:
    torch.load(path)
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0].strip())
    print("Unsupported global: GLOBAL __main__.Point" in str(e))
obj = torch.load(path, weights_only=False)
print(type(obj["p"]).__name__, obj["p"].x, obj["p"].y)

torch.serialization.add_safe_globals([Point])
obj = torch.load(path, weights_only=True)
print(type(obj["p"]).__name__, obj["p"].x)

# map_location
torch.save(torch.tensor([1.0, 2.0]), path)
print(torch.load(path, map_location="cpu"), torch.load(path, map_location=torch.device("cpu")))

try:
    torch.load("tmp_does_not_exist.pt")
except Exception as e:
    print(type(e).__name__, e)

os.remove(path)
