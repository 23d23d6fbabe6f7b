# Real-program corpus (tests/realworld, see README.md): the torch.func tutorials on model ensembles and
# neural tangent kernels: ten SimpleMLPs run in a loop on different and on the same minibatches, then
# stack_module_state + functional_call over a deep copy of one model, vmap with in_dims (0, 0, None)
# checked against the loops, torch.utils.benchmark.Timer objects over both; then a small CNN made
# functional, its empirical NTK through vmap(jacrev(...)) and einsum contraction ('full', 'trace',
# 'diagonal' expressions) and through vjp/jvp NTK-vector products under nested vmaps, the two methods
# compared: the workflow of pytorch/tutorials intermediate_source/ensembling.py @
# 1dc22dff39bc8f6c862783393b70ca1e1b8ed516 and neural_tangent_kernels.py @
# 34272e8d6470967947c5798e1ef5b0e4710cc80b. Changes: CPU instead of CUDA; the copied base model stays
# on the CPU (the tutorial moves it to the meta device, which Kiln lacks); 4 models on 8-sample
# minibatches and a 3-channel 10x10 CNN with 4 filters, so the kernels are small; Timer.timeit(3)
# measurements are not printed (timings). Written for Kiln, not copied.
import copy

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import vmap
from torch.func import functional_call, jacrev, jvp, stack_module_state, vjp

torch.manual_seed(0)
device = 'cpu'


class SimpleMLP(nn.Module):
    def __init__(self):
        super(SimpleMLP, self).__init__()
        self.fc1 = nn.Linear(784, 128)
        self.fc2 = nn.Linear(128, 128)
        self.fc3 = nn.Linear(128, 10)

    def forward(self, x):
        x = F.relu(self.fc1(x.flatten(1)))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


num_models = 4
data = torch.randn(10, 8, 1, 28, 28, device=device)
models = [SimpleMLP().to(device) for _ in range(num_models)]
minibatches = data[:num_models]
predictions_diff_minibatch_loop = [model(minibatch) for model, minibatch in zip(models, minibatches)]
minibatch = data[0]
predictions2 = [model(minibatch) for model in models]

params, buffers = stack_module_state(models)
print([(name, tuple(p.shape)) for name, p in params.items()], buffers)
base_model = copy.deepcopy(models[0])


def fmodel(params, buffers, x):
    return functional_call(base_model, (params, buffers), (x,))


assert minibatches.shape == (num_models, 8, 1, 28, 28)
predictions1_vmap = vmap(fmodel)(params, buffers, minibatches)
print(predictions1_vmap.shape, torch.allclose(predictions1_vmap, torch.stack(predictions_diff_minibatch_loop),
                                              atol=1e-3, rtol=1e-5))
predictions2_vmap = vmap(fmodel, in_dims=(0, 0, None))(params, buffers, minibatch)
print(predictions2_vmap.shape, torch.allclose(predictions2_vmap, torch.stack(predictions2), atol=1e-3, rtol=1e-5))
print(predictions2_vmap[1, 0])

from torch.utils.benchmark import Timer

without_vmap = Timer(stmt="[model(minibatch) for model, minibatch in zip(models, minibatches)]", globals=globals())
with_vmap = Timer(stmt="vmap(fmodel)(params, buffers, minibatches)", globals=globals())
for timer in (without_vmap, with_vmap):
    m = timer.timeit(3)
    print(type(m).__name__, m.number_per_run, m.stmt)


class CNN(nn.Module):
    def __init__(self):
        super(CNN, self).__init__()
        self.conv1 = nn.Conv2d(3, 4, (3, 3))
        self.conv2 = nn.Conv2d(4, 4, (3, 3))
        self.conv3 = nn.Conv2d(4, 4, (3, 3))
        self.fc = nn.Linear(4 * 4 * 4, 10)

    def forward(self, x):
        x = self.conv1(x).relu()
        x = self.conv2(x).relu()
        x = self.conv3(x)
        return self.fc(x.flatten(1))


x_train = torch.randn(4, 3, 10, 10, device=device)
x_test = torch.randn(3, 3, 10, 10, device=device)
net = CNN().to(device)
params = {k: v.detach() for k, v in net.named_parameters()}


def fnet_single(params, x):
    return functional_call(net, params, (x.unsqueeze(0),)).squeeze(0)


def empirical_ntk_jacobian_contraction(fnet_single, params, x1, x2, compute='full'):
    expressions = {'full': 'Naf,Mbf->NMab', 'trace': 'Naf,Maf->NM', 'diagonal': 'Naf,Maf->NMa'}
    jac1 = [j.flatten(2) for j in vmap(jacrev(fnet_single), (None, 0))(params, x1).values()]
    jac2 = [j.flatten(2) for j in vmap(jacrev(fnet_single), (None, 0))(params, x2).values()]
    return torch.stack([torch.einsum(expressions[compute], j1, j2) for j1, j2 in zip(jac1, jac2)]).sum(0)


full = empirical_ntk_jacobian_contraction(fnet_single, params, x_train, x_test)
trace = empirical_ntk_jacobian_contraction(fnet_single, params, x_train, x_test, 'trace')
diagonal = empirical_ntk_jacobian_contraction(fnet_single, params, x_train, x_test, 'diagonal')
print(full.shape, trace.shape, diagonal.shape)
print(trace.round(decimals=2))
print(torch.allclose(torch.einsum('NMKK->NM', full), trace, rtol=1e-4), torch.allclose(diagonal.sum(-1), trace, rtol=1e-4))


def empirical_ntk_ntk_vps(func, params, x1, x2, compute='full'):
    def get_ntk(x1, x2):
        def func_x1(params):
            return func(params, x1)

        def func_x2(params):
            return func(params, x2)

        output, vjp_fn = vjp(func_x1, params)

        def get_ntk_slice(vec):
            # vec @ J(x2)^T by a vector-Jacobian product, then J(x1) @ that by a Jacobian-vector product
            vjps = vjp_fn(vec)
            _, jvps = jvp(func_x2, (params,), vjps)
            return jvps

        basis = torch.eye(output.numel(), dtype=output.dtype, device=output.device).view(output.numel(), -1)
        return vmap(get_ntk_slice)(basis)

    result = vmap(vmap(get_ntk, (None, 0)), (0, None))(x1, x2)
    if compute == 'full':
        return result
    if compute == 'trace':
        return torch.einsum('NMKK->NM', result)
    return torch.einsum('NMKK->NMK', result)


result_from_jacobian_contraction = empirical_ntk_jacobian_contraction(fnet_single, params, x_test, x_train)
result_from_ntk_vps = empirical_ntk_ntk_vps(fnet_single, params, x_test, x_train)
print(result_from_ntk_vps.shape, torch.allclose(result_from_jacobian_contraction, result_from_ntk_vps, atol=1e-4))
print(empirical_ntk_ntk_vps(fnet_single, params, x_test, x_train, 'trace').round(decimals=2))
