# A staticmethod of an nn.Module called through self (PyTorch-YOLOv3's YOLOLayer: `self.grid =
# self._make_grid(nx, ny).to(x.device)` on the first eval call) is the plain function: Dynamo inlines it
# with the arguments given, and the module's forward is captured in one graph, the grid stored on the
# submodule as a side effect. A function stored on the instance is not bound either.
import torch
from torch import nn


class YOLOLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.grid = torch.zeros(1)
        self.stride = None

    def forward(self, x, img_size):
        stride = img_size // x.size(2)
        self.stride = stride
        bs, _, ny, nx = x.shape
        x = x.view(bs, 1, 2, ny, nx).permute(0, 1, 3, 4, 2).contiguous()
        if self.grid.shape[2:4] != x.shape[2:4]:
            self.grid = self._make_grid(nx, ny).to(x.device)
        x = (x.sigmoid() + self.grid) * stride
        return x.view(bs, -1, 2)

    @staticmethod
    def _make_grid(nx=20, ny=20):
        yv, xv = torch.meshgrid([torch.arange(ny), torch.arange(nx)], indexing="ij")
        return torch.stack((xv, yv), 2).view((1, 1, ny, nx, 2)).float()


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 2, 1)
        self.yolo = YOLOLayer()
        self.post = lambda t: t * 0.5

    def forward(self, x):
        return self.post(self.yolo(self.conv(x), 32))


torch.manual_seed(0)
net = Net().eval()
x = torch.randn(1, 3, 4, 4)
with torch.no_grad():
    eager = net(x)
net.yolo.grid = torch.zeros(1)
with torch.no_grad():
    e = torch._dynamo.explain(net)(x)
print("graphs", e.graph_count, "breaks", e.graph_break_count)
print("grid set", tuple(net.yolo.grid.shape), net.yolo.stride)
torch._dynamo.reset()
net.yolo.grid = torch.zeros(1)
compiled = torch.compile(net)
with torch.no_grad():
    out = compiled(x)
    again = compiled(x)
print(torch.allclose(out, eager), torch.allclose(again, eager), tuple(out.shape))
print([round(v, 4) for v in out[0, :3].flatten().tolist()])
