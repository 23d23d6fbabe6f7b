# torch.accelerator (PyTorch 2.6+), as the 2.x tutorials pick their device:
#   device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
# On the CPU-only reference machine (a CUDA build with CUDA hidden) no accelerator is available.
import torch

print(torch.accelerator.is_available(), torch.accelerator.device_count())
print(torch.accelerator.current_accelerator(check_available=True))
device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
print(f"Using {device} device")
model = torch.nn.Linear(3, 2).to(device)
x = torch.ones(1, 3, device=device)
print(model(x).device, next(model.parameters()).device)
