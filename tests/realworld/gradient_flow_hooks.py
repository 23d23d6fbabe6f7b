# Real-program corpus (tests/realworld, see README.md): the workflow of pytorch/tutorials
# intermediate_source/visualizing_gradients_tutorial.py @ 4577e7a7 ("Visualizing Gradients"), which
# compares the gradient flow of an MLP with and without BatchNorm1d. It exercises nn.Identity and
# nn.BatchNorm1d chosen as a layer class, Sequentials of Linear/norm/Sigmoid stacks, forward hooks on
# leaf modules (found with `any(layer.children()) is False` over named_modules) that register
# Tensor.register_hook closures on each output, the hook order of a tensor shared by a Linear and the
# Identity after it, two models trained side by side with SGD momentum, mean absolute gradients per
# depth, and the matplotlib figure of the original. Changes: a seed and rounded prints of what the
# tutorial plots. Written for Kiln, not copied.
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


def fc_layer(in_size, out_size, norm_layer):
    """Return a stack of linear->norm->sigmoid layers"""
    return nn.Sequential(nn.Linear(in_size, out_size), norm_layer(out_size), nn.Sigmoid())


class Net(nn.Module):
    """Define a network that has num_layers of linear->norm->sigmoid transformations"""
    def __init__(self, in_size=28 * 28, hidden_size=128, out_size=10, num_layers=3, batchnorm=False):
        super().__init__()
        norm_layer = nn.Identity if batchnorm is False else nn.BatchNorm1d
        layers = [fc_layer(in_size, hidden_size, norm_layer)]
        for i in range(num_layers - 1):
            layers.append(fc_layer(hidden_size, hidden_size, norm_layer))
        layers.append(nn.Linear(hidden_size, out_size))
        self.layers = nn.Sequential(*layers)

    def forward(self, x):
        x = torch.flatten(x, 1)
        return self.layers(x)


def hook_forward(module_name, grads, hook_backward):
    def hook(module, args, output):
        """Forward pass hook which attaches backward pass hooks to intermediate tensors"""
        output.register_hook(hook_backward(module_name, grads))
    return hook


def hook_backward(module_name, grads):
    def hook(grad):
        """Backward pass hook which appends gradients"""
        grads.append((module_name, grad))
    return hook


def get_all_layers(model, hook_forward, hook_backward):
    layers = dict()
    grads = []
    for name, layer in model.named_modules():
        # skip Sequential and/or wrapper modules
        if any(layer.children()) is False:
            layers[layer] = name
            layer.register_forward_hook(hook_forward(name, grads, hook_backward))
    return layers, grads


def get_grads(grads):
    layer_idx = []
    avg_grads = []
    for idx, (name, grad) in enumerate(grads):
        if grad is not None:
            avg_grads.append(grad.abs().mean())
            layer_idx.append(len(grads) - 1 - idx)  # appended in backward order
    return layer_idx, avg_grads


if __name__ == "__main__":
    torch.manual_seed(0)
    x = torch.randn(10, 28, 28)
    y = torch.randint(10, (10,))
    model_bn = Net(batchnorm=True, num_layers=3)
    model_nobn = Net(batchnorm=False, num_layers=3)
    model_bn.train()
    model_nobn.train()
    optimizer_bn = optim.SGD(model_bn.parameters(), lr=0.01, momentum=0.9)
    optimizer_nobn = optim.SGD(model_nobn.parameters(), lr=0.01, momentum=0.9)
    print(model_bn.layers[0])
    print(model_nobn.layers[0])
    layers_bn, grads_bn = get_all_layers(model_bn, hook_forward, hook_backward)
    layers_nobn, grads_nobn = get_all_layers(model_nobn, hook_forward, hook_backward)
    print(len(layers_bn), list(layers_nobn.values())[:4])
    for epoch in range(10):
        grads_bn.clear()
        grads_nobn.clear()
        optimizer_bn.zero_grad()
        optimizer_nobn.zero_grad()
        loss_bn = F.cross_entropy(model_bn(x), y)
        loss_nobn = F.cross_entropy(model_nobn(x), y)
        loss_bn.backward()
        loss_nobn.backward()
        optimizer_bn.step()
        optimizer_nobn.step()
        if epoch % 3 == 0:
            print(f"epoch {epoch}: loss with BatchNorm {loss_bn.item():.4f}, without {loss_nobn.item():.4f}")
    layer_idx_bn, avg_grads_bn = get_grads(grads_bn)
    layer_idx_nobn, avg_grads_nobn = get_grads(grads_nobn)
    print([name for name, _ in grads_bn])
    print([name for name, _ in grads_nobn])
    print(layer_idx_bn)
    print("with BatchNorm:   ", [f"{g.item():.3e}" for g in avg_grads_bn])
    print("without BatchNorm:", [f"{g.item():.3e}" for g in avg_grads_nobn])
    print("first layer ratio bn/nobn > 1:", bool(avg_grads_bn[-1] > avg_grads_nobn[-1]))
    fig, ax = plt.subplots()
    ax.plot(layer_idx_bn, avg_grads_bn, label="With BatchNorm", marker="o")
    ax.plot(layer_idx_nobn, avg_grads_nobn, label="Without BatchNorm", marker="x")
    ax.set_xlabel("Layer depth")
    ax.set_ylabel("Average gradient")
    ax.set_title("Gradient flow")
    ax.grid(True)
    ax.legend()
    plt.show()
