# Real-program corpus (tests/realworld, see README.md): torch.nn.utils.prune as its tutorial walks it on
# a LeNet: random_unstructured on conv1.weight (weight_orig parameter, weight_mask buffer, the pruned
# weight as a plain attribute, the forward pre-hook), l1_unstructured on the bias by count,
# ln_structured along dim 0 on top (a PruningContainer holding the history), the state_dict keys,
# prune.remove making it permanent, per-layer pruning over named_modules, global_unstructured with
# L1Unstructured and the per-layer and global sparsity lines, and a custom BasePruningMethod subclass
# (every other entry) applied through its class method: the workflow of pytorch/tutorials
# intermediate_source/pruning_tutorial.py @ 0a7e68666de5faceafa90276ad2b7874cd32c5e0. Changes: a seed;
# hooks printed by type name (the tutorial prints their reprs, which hold addresses); a forward pass at
# the end. Written for Kiln, not copied.
import torch
from torch import nn
import torch.nn.utils.prune as prune
import torch.nn.functional as F

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class LeNet(nn.Module):
    def __init__(self):
        super(LeNet, self).__init__()
        # 1 input channel, 6 output channels, 3x3 kernels
        self.conv1 = nn.Conv2d(1, 6, 3)
        self.conv2 = nn.Conv2d(6, 16, 3)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), (2, 2))
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


def hooks(module):
    return [type(h).__name__ for h in module._forward_pre_hooks.values()]


model = LeNet().to(device=device)
module = model.conv1
print(list(module.named_parameters()))
print(list(module.named_buffers()))

prune.random_unstructured(module, name="weight", amount=0.3)
print(list(module.named_parameters()))
print(list(module.named_buffers()))
print(module.weight)
print(hooks(module))

prune.l1_unstructured(module, name="bias", amount=3)
print([name for name, _ in module.named_parameters()])
print([name for name, _ in module.named_buffers()])
print(module.bias)
print(hooks(module))

prune.ln_structured(module, name="weight", amount=0.5, n=2, dim=0)
print(module.weight)
for hook in module._forward_pre_hooks.values():
    if hook._tensor_name == "weight":
        break
print(type(hook).__name__, [type(h).__name__ for h in hook])
print(model.state_dict().keys())

prune.remove(module, 'weight')
print([name for name, _ in module.named_parameters()])
print([name for name, _ in module.named_buffers()])
print(hooks(module))
print(int((module.weight == 0).sum()), module.weight.numel())

new_model = LeNet()
for name, module in new_model.named_modules():
    # 20% of every conv layer's connections, 40% of every linear layer's
    if isinstance(module, torch.nn.Conv2d):
        prune.l1_unstructured(module, name='weight', amount=0.2)
    elif isinstance(module, torch.nn.Linear):
        prune.l1_unstructured(module, name='weight', amount=0.4)
print(dict(new_model.named_buffers()).keys())

model = LeNet()
parameters_to_prune = (
    (model.conv1, 'weight'),
    (model.conv2, 'weight'),
    (model.fc1, 'weight'),
    (model.fc2, 'weight'),
    (model.fc3, 'weight'),
)
prune.global_unstructured(parameters_to_prune, pruning_method=prune.L1Unstructured, amount=0.2)
zeros = 0
total = 0
for layer_name in ["conv1", "conv2", "fc1", "fc2", "fc3"]:
    w = getattr(model, layer_name).weight
    print("Sparsity in {}.weight: {:.2f}%".format(layer_name, 100. * float(torch.sum(w == 0)) / float(w.nelement())))
    zeros += torch.sum(w == 0)
    total += w.nelement()
print("Global sparsity: {:.2f}%".format(100. * float(zeros) / float(total)))


class FooBarPruningMethod(prune.BasePruningMethod):
    """Prunes every other entry of a tensor (of what is left of it when pruned before)."""
    PRUNING_TYPE = 'unstructured'

    def compute_mask(self, t, default_mask):
        mask = default_mask.clone()
        mask.flatten()[::2] = 0
        return mask


def foobar_unstructured(module, name):
    FooBarPruningMethod.apply(module, name)
    return module


model = LeNet()
foobar_unstructured(model.fc3, name='bias')
print(model.fc3.bias_mask)
print(model.fc3.bias)
out = model(torch.rand(2, 1, 28, 28))
print(out.shape, type(out.grad_fn).__name__)
