# `with torch.device(...)` as a context manager for factories (the load_state_dict tutorial's
# idiom), torch.get_default_device inside and after the block, nesting.
import torch

with torch.device("cpu") as d:
    print(d, torch.ones(2).device, torch.get_default_device())
    with torch.device(torch.device("cpu")):
        m = torch.nn.Linear(2, 3)
    print(m.weight.device, torch.get_default_device())
print(torch.get_default_device(), torch.zeros(1).device)
try:
    with torch.device("cpu"):
        raise ValueError("inside")
except ValueError as e:
    print("ValueError", e, torch.get_default_device())
