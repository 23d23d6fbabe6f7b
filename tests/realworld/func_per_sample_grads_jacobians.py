# torch.func tutorials: per-sample gradients, Jacobians, Hessians and batched versions of both.
#
# Origin (workflow reproduced): pytorch/tutorials intermediate_source/per_sample_grads.py and
# intermediate_source/jacobians_hessians.py (the torch.func versions): per-sample gradients by a
# Python loop over torch.autograd.grad, zip(*...) + torch.stack, then functional_call over detached
# parameter/buffer dicts under grad and vmap(in_dims=(None, None, 0, 0)) compared with allclose; the
# Jacobian of a tanh linear layer row by row through autograd.grad with unit vectors, with
# vmap(vjp_fn), jacrev(argnums=2 / (0, 1)), jacfwd; Hessians by hessian(), jacfwd(jacfwd),
# jacrev(jacrev); batch Jacobians by vmap(jacrev(...), in_dims=(None, None, 0)) and by the summed-output
# trick with movedim; batch Hessians; hvp through jvp(grad(f)); torch.utils.benchmark.Timer objects
# comparing the two ways (their timings not printed).
# Changes for Kiln's corpus: the per-sample CNN is narrower (8/16 channels, fc 1024->32), batch 16;
# the Jacobian sizes are the tutorial's small ones (D=16; batch 8, Din 5, Dout 7), hvp on 64 values;
# no device selection (CPU); benchmark results are not printed (times), only the Timer descriptions.

from functools import partial

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


# ---------------------------------------------------------------- per_sample_grads.py
class SimpleCNN(nn.Module):
    def __init__(self):
        super(SimpleCNN, self).__init__()
        self.conv1 = nn.Conv2d(1, 8, 3, 1)
        self.conv2 = nn.Conv2d(8, 16, 3, 1)
        self.fc1 = nn.Linear(1024, 32)
        self.fc2 = nn.Linear(32, 10)

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = F.max_pool2d(x, 2)
        x = torch.flatten(x, 1)
        x = self.fc1(x)
        x = F.relu(x)
        x = self.fc2(x)
        output = F.log_softmax(x, dim=1)
        return output


def loss_fn(predictions, targets):
    return F.nll_loss(predictions, targets)


device = "cpu"
batch_size = 16
data = torch.randn(batch_size, 1, 20, 20, device=device)
targets = torch.randint(10, (batch_size,), device=device)

model = SimpleCNN().to(device=device)
predictions = model(data)  # move the entire mini-batch through the model
loss = loss_fn(predictions, targets)
loss.backward()  # back propagate the 'average' gradient of this mini-batch
print(f"batch loss {loss.item():.4f}")


def compute_grad(sample, target):
    sample = sample.unsqueeze(0)  # prepend batch dimension for processing
    target = target.unsqueeze(0)
    prediction = model(sample)
    loss = loss_fn(prediction, target)
    return torch.autograd.grad(loss, list(model.parameters()))


def compute_sample_grads(data, targets):
    """ manually process each sample with per sample gradient """
    sample_grads = [compute_grad(data[i], targets[i]) for i in range(batch_size)]
    sample_grads = zip(*sample_grads)
    sample_grads = [torch.stack(shards) for shards in sample_grads]
    return sample_grads


per_sample_grads = compute_sample_grads(data, targets)
print(per_sample_grads[0].shape, len(per_sample_grads))

from torch.func import functional_call, grad, vmap

params = {k: v.detach() for k, v in model.named_parameters()}
buffers = {k: v.detach() for k, v in model.named_buffers()}


def compute_loss(params, buffers, sample, target):
    batch = sample.unsqueeze(0)
    targets = target.unsqueeze(0)
    predictions = functional_call(model, (params, buffers), (batch,))
    loss = loss_fn(predictions, targets)
    return loss


ft_compute_grad = grad(compute_loss)
ft_compute_sample_grad = vmap(ft_compute_grad, in_dims=(None, None, 0, 0))
ft_per_sample_grads = ft_compute_sample_grad(params, buffers, data, targets)
print(type(ft_per_sample_grads).__name__, list(ft_per_sample_grads.keys()))
for per_sample_grad, ft_per_sample_grad in zip(per_sample_grads, ft_per_sample_grads.values()):
    assert torch.allclose(per_sample_grad, ft_per_sample_grad, atol=3e-3, rtol=1e-5)
print("vmap per-sample grads match the loop")
mean_of_samples = ft_per_sample_grads["fc2.bias"].mean(0)
print("mean of per-sample grads equals the batch grad:", torch.allclose(mean_of_samples, model.fc2.bias.grad, atol=1e-6))
norms = torch.stack([g.flatten(1).norm(dim=1) for g in ft_per_sample_grads.values()], dim=1).norm(dim=1)
print("per-sample grad norms", [round(v, 3) for v in norms[:4].tolist()])

from torch.utils.benchmark import Timer

without_vmap = Timer(stmt="compute_sample_grads(data, targets)", globals=globals())
with_vmap = Timer(stmt="ft_compute_sample_grad(params, buffers, data, targets)", globals=globals())
print(type(without_vmap).__name__, type(with_vmap).__module__)


# ---------------------------------------------------------------- jacobians_hessians.py
def predict(weight, bias, x):
    return F.linear(x, weight, bias).tanh()


D = 16
weight = torch.randn(D, D)
bias = torch.randn(D)
x = torch.randn(D)  # feature vector


def compute_jac(xp):
    jacobian_rows = [torch.autograd.grad(predict(weight, bias, xp), xp, vec)[0] for vec in unit_vectors]
    return torch.stack(jacobian_rows)


xp = x.clone().requires_grad_()
unit_vectors = torch.eye(D)

jacobian = compute_jac(xp)
print(jacobian.shape)
print([round(v, 4) for v in jacobian[0][:4].tolist()])

from torch.func import vjp

_, vjp_fn = vjp(partial(predict, weight, bias), x)
ft_jacobian, = vmap(vjp_fn)(unit_vectors)
# let's confirm both methods compute the same result
assert torch.allclose(ft_jacobian, jacobian)

from torch.func import jacrev

ft_jacobian = jacrev(predict, argnums=2)(weight, bias, x)
# Confirm by running the following:
assert torch.allclose(ft_jacobian, jacobian)

# note the change in input via ``argnums`` parameters of 0,1 to map to weight and bias
ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)
# verify computation of the bias jacobian with the manual row-by-row loop
bias_p = bias.clone().requires_grad_()
manual_bias = torch.stack([torch.autograd.grad(predict(weight, bias_p, x), bias_p, vec)[0] for vec in unit_vectors])
assert torch.allclose(ft_jac_bias, manual_bias)
print("jac shapes", tuple(ft_jac_weight.shape), tuple(ft_jac_bias.shape))

from torch.func import jacfwd

Din = 32
Dout = 2048
weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(Din)
ft_jacobian = jacfwd(predict, argnums=2)(weight, bias, x)
ft_jacobian2 = jacrev(predict, argnums=2)(weight, bias, x)
print("jacfwd", ft_jacobian.shape, "agrees with jacrev:", torch.allclose(ft_jacobian, ft_jacobian2, atol=1e-6))

from torch.func import hessian

Din = 16
Dout = 8
weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(Din)

hess_api = hessian(predict, argnums=2)(weight, bias, x)
hess_fwdfwd = jacfwd(jacfwd(predict, argnums=2), argnums=2)(weight, bias, x)
hess_revrev = jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)
print("hessian", hess_api.shape, torch.allclose(hess_api, hess_fwdfwd, atol=1e-6), torch.allclose(hess_api, hess_revrev, atol=1e-6))
print("hessian symmetric:", torch.allclose(hess_api, hess_api.transpose(1, 2), atol=1e-6))

batch_size = 8
Din = 5
Dout = 7

weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(batch_size, Din)

compute_batch_jacobian = vmap(jacrev(predict, argnums=2), in_dims=(None, None, 0))
batch_jacobian0 = compute_batch_jacobian(weight, bias, x)
print("batch jacobian", batch_jacobian0.shape)


def predict_with_output_summed(weight, bias, x):
    return predict(weight, bias, x).sum(0)


batch_jacobian1 = jacrev(predict_with_output_summed, argnums=2)(weight, bias, x).movedim(1, 0)
assert torch.allclose(batch_jacobian0, batch_jacobian1)

compute_batch_hessian = vmap(hessian(predict, argnums=2), in_dims=(None, None, 0))
batch_hess = compute_batch_hessian(weight, bias, x)
print("batch hessian", batch_hess.shape, f"{batch_hess.abs().sum().item():.2f}")

from torch.func import jvp


def hvp(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]


def f(x):
    return x.sin().sum()


x = torch.randn(64)
tangent = torch.randn(64)
result = hvp(f, (x,), (tangent,))
print("hvp", result.shape, torch.allclose(result, -x.sin() * tangent, atol=1e-6))
