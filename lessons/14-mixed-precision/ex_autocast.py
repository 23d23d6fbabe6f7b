import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
x = torch.randn(4, 8)
y = torch.randn(4, 2)

# The exercise: run the model's linear layers in bfloat16 with CPU autocast,
# while the loss stays float32 and the weights stay float32.
pred = model(x)
loss = F.mse_loss(pred, y)
print("pred:", pred.dtype)
print("loss:", loss.dtype)
loss.backward()
print("weight grad:", model[0].weight.grad.dtype)
