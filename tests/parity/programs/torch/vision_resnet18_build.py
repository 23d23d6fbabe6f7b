# torchvision.models.resnet18: structure, repr, parameter count (published: 11,689,512), seeded
# initialisation (kaiming_normal_ fan_out for convs, BN 1/0, fc keeps nn.Linear's init), forward shape.
import torch
from torchvision import models

torch.manual_seed(0)
m = models.resnet18()
print(m)
n = sum(p.numel() for p in m.parameters())
print(n, n == 11689512, n == models.ResNet18_Weights.DEFAULT.meta["num_params"])
print(len(list(m.modules())), len(m.state_dict()))
print([name for name, _ in m.named_children()])
print(m.conv1.weight.flatten()[:5])
print(m.layer2[0].downsample[0].weight.flatten()[:3])
print(m.layer4[1].conv2.weight.flatten()[-3:])
print(m.fc.weight[0, :5])
print(m.fc.bias[:5])
print(m.layer1[0].bn1.weight[:3], m.layer1[0].bn1.bias[:3])
w = m.layer3[0].conv1.weight
print(round(w.std().item(), 2), round((2.0 / (256 * 9)) ** 0.5, 2))
m.eval()
x = torch.randn(2, 3, 64, 64)
with torch.no_grad():
    y = m(x)
print(y.shape, [round(v, 2) for v in y[0, :4].tolist()])
m2 = models.resnet18(num_classes=10, zero_init_residual=True)
print(m2.fc, m2.layer1[0].bn2.weight.abs().sum().item(), m2.layer1[0].bn1.weight.sum().item())
