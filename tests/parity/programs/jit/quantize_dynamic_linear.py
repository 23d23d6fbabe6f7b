import torch
import torch.nn as nn
# torch.quantization.quantize_dynamic with {nn.Linear: default_dynamic_qconfig} and qint8: a copy of
# the model whose Linears are dynamically quantized (int8 weights, activations quantized per call,
# float output); the original is untouched. Outputs agree with the float model within the
# quantization error.


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 4)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


m = Net()
with torch.no_grad():
    m.fc1.weight.copy_(torch.arange(16.0).reshape(4, 4) / 8 - 1)
    m.fc1.bias.copy_(torch.tensor([0.5, -0.5, 0.25, 0.0]))
    m.fc2.weight.copy_(torch.arange(8.0).reshape(2, 4) / 4 - 1)
    m.fc2.bias.copy_(torch.tensor([0.125, -0.125]))
q = torch.quantization.quantize_dynamic(m, {nn.Linear: torch.quantization.default_dynamic_qconfig}, dtype=torch.qint8)
print(q)
print(m)
print(type(q.fc1).__name__, isinstance(q.fc1, nn.Linear), isinstance(m.fc1, nn.Linear))
print(q.training, m.training, q.fc1.in_features, q.fc2.out_features)
x = torch.tensor([[1.0, -2.0, 0.5, 3.0], [0.0, 0.25, -1.0, 2.0]])
with torch.no_grad():
    y = m(x)
    yq = q(x)
print(yq.dtype, yq.shape, yq.requires_grad)
print(torch.allclose(yq, y, atol=0.1), torch.equal(yq, y))
s = nn.Sequential(nn.Linear(3, 2), nn.ReLU())
qs = torch.ao.quantization.quantize_dynamic(s, dtype=torch.qint8)
print(qs)
print(torch.qint8, torch.per_tensor_affine)
