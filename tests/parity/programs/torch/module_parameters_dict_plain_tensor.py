# Writing plain tensors into module._parameters, as meta-learning code does (learned optimizers that
# write views of one flat tensor back into every layer, MAML-style inner steps `p - lr * g`): PyTorch's
# _parameters is a plain dict, so the tensor goes in as it is, leaf or not; module.weight,
# parameters(), named_parameters() and the layer's own forward read it, gradients flow back through
# it to what it was computed from, and `module.weight = tensor` afterwards still raises.
from functools import reduce
from operator import mul

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
x = torch.randn(5, 3)

# A MAML-style inner step: fast weights with history replace the parameters.
loss = net(x).pow(2).mean()
grads = torch.autograd.grad(loss, list(net.parameters()), create_graph=True)
originals = list(net.parameters())
for (name, p), g in zip(list(net[0].named_parameters()), grads[:2]):
    net[0]._parameters[name] = p - 0.1 * g
w = net[0].weight
print(type(w).__name__, w.is_leaf, w.requires_grad, type(w.grad_fn).__name__)
print([type(p).__name__ for p in net.parameters()])
print([n for n, _ in net.named_parameters()])
outer = net(x).pow(2).mean()
outer.backward()
print([tuple(p.grad.shape) for p in originals[:2]], originals[2].grad is not None)

# A learned optimizer's reset: leaf copies without requires_grad, then views of one flat tensor.
model = nn.Linear(4, 3)
for module in [model]:
    module._parameters['weight'] = module._parameters['weight'].data.clone()
    module._parameters['bias'] = module._parameters['bias'].data.clone()
print(type(model.weight).__name__, model.weight.requires_grad, len(list(model.parameters())))
flat = torch.arange(15.0, requires_grad=True)
offset = 0
for module in [model]:
    weight_shape = module._parameters['weight'].size()
    bias_shape = module._parameters['bias'].size()
    weight_flat_size = reduce(mul, weight_shape, 1)
    bias_flat_size = reduce(mul, bias_shape, 1)
    module._parameters['weight'] = flat[offset:offset + weight_flat_size].view(*weight_shape)
    module._parameters['bias'] = flat[offset + weight_flat_size:offset + weight_flat_size + bias_flat_size].view(*bias_shape)
    offset += weight_flat_size + bias_flat_size
out = model(torch.ones(1, 4))
print(out)
out.sum().backward()
print(flat.grad)
print(F.linear(torch.ones(1, 4), model.weight, model.bias).equal(out))

# A new name through the dict, and the attribute path afterwards.
model._parameters['scale'] = torch.ones(2) * 3
print(model.scale, [n for n, _ in model.named_parameters()])
try:
    model.weight = torch.zeros(3, 4)
except TypeError as e:
    print("TypeError:", e)
model.weight = nn.Parameter(torch.zeros(3, 4))
print(type(model.weight).__name__, model(torch.ones(1, 4)))
