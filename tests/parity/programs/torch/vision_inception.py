# torchvision.models.inception_v3: structure and repr of its blocks, published parameter count, seeded
# trunc_normal_ initialisation (std 0.1, 0.01 and 0.001 where the modules say), an eval forward, the aux
# head and InceptionOutputs in training mode.
import torch
from torchvision import models

torch.manual_seed(0)
m = models.inception_v3(num_classes=10, init_weights=True)
print(sum(p.numel() for p in m.parameters()), len(m.state_dict()))
print(sum(p.numel() for p in models.inception_v3(init_weights=True).parameters()))
print([k for k, _ in m.named_children()])
print(m.Mixed_5b)
print(m.Mixed_6b.branch7x7dbl_3, m.Mixed_7b.branch3x3_2b.conv)
print(m.AuxLogits)
print(m.Conv2d_1a_3x3.conv.weight.flatten()[:4])
print(m.AuxLogits.conv1.conv.weight.flatten()[:3], m.AuxLogits.fc.weight[0, :3])
print(m.fc.weight[0, :3], m.Mixed_7c.branch_pool.conv.weight.flatten()[-3:])
aux = m.AuxLogits(torch.rand(2, 768, 17, 17))
out = m.eager_outputs(torch.zeros(2, 10), aux)
print(type(out).__name__, out.logits.shape, out.aux_logits.shape, out._fields)
m.eval()
x = torch.rand(2, 3, 139, 139)
with torch.no_grad():
    y = m(x)
print(y.shape, bool(torch.isfinite(y).all()), [round(v, 2) for v in (y[0] / y[0].abs().max())[:4].tolist()])
t = models.inception_v3(init_weights=False, aux_logits=False, transform_input=True)
print(t.AuxLogits, t.transform_input, models.Inception_V3_Weights.DEFAULT.url.split("/")[-1])
