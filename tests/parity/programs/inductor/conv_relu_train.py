# Conv2d -> ReLU -> Conv2d trained through torch.compile, and the fused op Inductor's CPU conv + unary
# fusion emits (torch.ops.mkldnn._convolution_pointwise) called directly: the gradients and losses of
# the compiled steps against eager (the min-cut partition saves relu's result; the forward runs relu
# in the first convolution's epilogue), the fused ops' "relu", "add" + "relu" and "none" post-ops
# against F.conv2d (+ residual, + relu), and the error for a post-op it does not know.
import torch
import torch.nn as nn
import torch.nn.functional as F


def make():
    m = nn.Sequential(nn.Conv2d(2, 4, 3), nn.ReLU(), nn.Conv2d(4, 3, 3, padding=1))
    with torch.no_grad():
        for i, p in enumerate(m.parameters()):
            p.copy_(torch.linspace(-0.4, 0.5, p.numel()).reshape(p.shape).sin() + 0.05 * i)
    return m


x = torch.arange(2 * 2 * 9 * 9, dtype=torch.float32).reshape(2, 2, 9, 9).mul(0.37).sin()
target = torch.arange(2 * 3 * 7 * 7, dtype=torch.float32).reshape(2, 3, 7, 7).mul(0.11).cos()
losses = {}
grads = {}
for name in ["eager", "compiled"]:
    m = make()
    opt = torch.optim.SGD(m.parameters(), lr=0.01)
    f = torch.compile(m) if name == "compiled" else m
    seq = []
    for step in range(3):
        opt.zero_grad()
        loss = F.mse_loss(f(x), target)
        loss.backward()
        opt.step()
        seq.append(round(loss.item(), 3))
    losses[name] = seq
    grads[name] = [p.grad.clone() for p in m.parameters()]
print(losses["compiled"])
print(losses["eager"] == losses["compiled"])
print(all(torch.allclose(a, b, rtol=1e-4, atol=1e-6) for a, b in zip(grads["eager"], grads["compiled"])))

w = torch.linspace(-1, 1, 4 * 2 * 3 * 3).reshape(4, 2, 3, 3)
b = torch.tensor([0.1, -0.2, 0.3, -0.4])
y = torch.ops.mkldnn._convolution_pointwise(x, w, b, [1, 1], [2, 2], [1, 1], 1, "relu", [], None)
print(y.shape, torch.allclose(y, F.relu(F.conv2d(x, w, b, stride=2, padding=1)), atol=1e-5))
r = torch.linspace(-1, 1, 2 * 4 * 5 * 5).reshape(2, 4, 5, 5)
y = torch.ops.mkldnn._convolution_pointwise.binary(x, r, w, b, [1, 1], [2, 2], [1, 1], 1, "add", None, "relu", [], None)
print(y.shape, torch.allclose(y, F.relu(F.conv2d(x, w, b, stride=2, padding=1) + r), atol=1e-5))
y = torch.ops.mkldnn._convolution_pointwise(x, w, None, [0, 0], [1, 1], [1, 1], 1, "none", [], None)
print(y.shape, torch.allclose(y, F.conv2d(x, w), atol=1e-5))
try:
    torch.ops.mkldnn._convolution_pointwise(x, w, b, [0, 0], [1, 1], [1, 1], 1, "no_such_op", [], None)
except RuntimeError as e:
    print("RuntimeError:", str(e).splitlines()[0])
