# torchvision.models.densenet: DenseNet-121 structure (ModuleDict dense blocks, Sequential transitions),
# repr, published parameter counts, seeded initialisation (kaiming_normal_ fan_in) and a forward pass.
import torch
from torchvision import models

torch.manual_seed(0)
m = models.densenet121(num_classes=10)
print(sum(p.numel() for p in m.parameters()), len(m.state_dict()))
print([k for k, _ in m.features.named_children()])
print(m.features.transition1)
print(m.features.denseblock1)
print(m.features.conv0.weight.flatten()[:4])
print(m.features.denseblock4.denselayer16.conv2.weight.flatten()[-3:])
print(m.classifier.weight[0, :4], m.classifier.bias[:3])
m.eval()
x = torch.rand(2, 3, 64, 64)
with torch.no_grad():
    y = m(x)
print(y.shape, [round(v, 3) for v in y[0, :4].tolist()])
for name, count in [("densenet121", 7978856), ("densenet161", 28681000), ("densenet169", 14149480)]:
    k = sum(p.numel() for p in models.get_model(name).parameters())
    print(name, k, k == count, models.get_model_weights(name).DEFAULT.url.split("/")[-1])
print(isinstance(m.features.denseblock2, torch.nn.ModuleDict), isinstance(m.features.transition2, torch.nn.Sequential))
