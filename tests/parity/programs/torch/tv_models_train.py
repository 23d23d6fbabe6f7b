# One SGD step on two of torchvision's newer models in training mode (issue 32): EfficientNet-B0
# (BatchNorm batch statistics, SiLU, squeeze-excitation, StochasticDepth and Dropout drawing from the
# seeded generator) and Swin-T (shifted-window attention, LayerNorm, GELU MLP, StochasticDepth, dropout 0.1).
# Loss before and after the step, a few gradient norms, and BatchNorm's updated running mean.
import torch
import torch.nn.functional as F
from torchvision import models


def step(name, model, x, target):
    model.train()
    opt = torch.optim.SGD(model.parameters(), lr=1e-3)
    out = model(x)
    loss = F.cross_entropy(out, target)
    opt.zero_grad()
    loss.backward()
    named = [(k, p) for k, p in model.named_parameters() if p.grad is not None]
    print(name, "loss %.4f" % loss.item(), len(named), "params with grads")
    for k, p in named[:2] + named[-2:]:
        print("  ", k, "%.3e" % p.grad.norm().item())
    opt.step()
    model.eval()
    with torch.no_grad():
        print("   eval loss after step %.4f" % F.cross_entropy(model(x), target).item())


torch.manual_seed(0)
eff = models.efficientnet_b0(num_classes=5, stochastic_depth_prob=0.5)
torch.manual_seed(1)
step("efficientnet_b0", eff, torch.randn(4, 3, 32, 32), torch.tensor([0, 1, 2, 3]))
print("   bn running_mean %.3e" % eff.features[0][1].running_mean.abs().sum().item())

torch.manual_seed(0)
sw = models.swin_t(num_classes=5, dropout=0.1)
torch.manual_seed(1)
step("swin_t", sw, torch.randn(2, 3, 32, 32), torch.tensor([4, 2]))
