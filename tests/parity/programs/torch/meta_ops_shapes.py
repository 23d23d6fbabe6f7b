# Ops on meta tensors compute only the result's sizes, strides and dtype (reasoning_about_shapes):
# matmul, reductions, views, cat/stack, conv/pool layers, indexing, dtype promotion.
import torch
import torch.nn as nn
import torch.nn.functional as F

a = torch.empty(8, 16, device="meta")
b = torch.empty(16, 4, device="meta")
p = a @ b
print(p.shape, p.device, p.is_meta)
print((a + 1).dtype, (a * 2).is_meta, (a / 3).shape)
print(a.sum(), a.sum(0).shape, a.mean(dim=1, keepdim=True).shape)
print(a.T.shape, a.T.stride(), a.view(4, 32).shape, a.reshape(-1).shape)
print(a[1:3, ::2].shape, a[1:3, ::2].stride(), a[None].shape)
print(torch.cat([a, a], dim=0).shape, torch.stack([a, a]).shape)
print(a.to(torch.float16))
print(a.argmax(dim=1))
print((a > 0).dtype, (a > 0).is_meta)
print(torch.where(a > 0, a, torch.zeros_like(a)).shape)
print(a.transpose(0, 1).contiguous().stride())
print(a.unsqueeze(1).expand(8, 3, 16).shape, a.permute(1, 0).shape)
print(torch.empty(3, dtype=torch.int32, device="meta") + torch.empty(3, device="meta"))
print(a + 2.5, (a + torch.tensor(1.0)).device)

x = torch.empty(2, 3, 32, 32, device="meta")
conv = nn.Conv2d(3, 8, 3, stride=2, padding=1, device="meta")
y = conv(x)
print(y.shape, y.device)
print(F.max_pool2d(y, 2).shape, F.adaptive_avg_pool2d(y, 1).shape)
print(F.relu(y).shape, torch.softmax(y, dim=1).shape, y.flatten(1).shape)

i = torch.empty(5, dtype=torch.long, device="meta")
print(a[i].shape, torch.index_select(a, 0, i).shape)
emb = nn.Embedding(10, 3, device="meta")
print(emb(torch.empty(2, 7, dtype=torch.long, device="meta")))

# A LeNet-style model on the meta device: each layer's output shape without any compute.
model = nn.Sequential(
    nn.Conv2d(1, 6, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(16 * 4 * 4, 120), nn.ReLU(), nn.Linear(120, 10),
).to("meta")
h = torch.empty(64, 1, 28, 28, device="meta")
for layer in model:
    h = layer(h)
    print(type(layer).__name__, tuple(h.shape))
