# torch.set_flush_denormal: True on x86 (SSE's flush-to-zero / denormals-are-zero bits), denormal
# float32 values read as zero while it is on; a non-bool argument is refused.
import torch

tiny = torch.tensor([1e-39, 1e-30], dtype=torch.float32)
print(tiny * 1.0)
print(torch.set_flush_denormal(True))
print(tiny * 1.0)
print(torch.set_flush_denormal(False))
print(tiny * 1.0)
try:
    torch.set_flush_denormal(1)
except RuntimeError as e:
    print("RuntimeError:", e)
