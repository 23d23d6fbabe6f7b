# Real-program corpus (tests/realworld, see README.md): the tutorials that take nn.Module apart: a
# TinyModel (Linear/ReLU/Softmax without dim, PyTorch's implicit-dim warning on stderr) printed whole,
# by layer and parameter by parameter; a Linear's weight, bias and output; MaxPool2d over a 1x6x6
# tensor; BatchNorm1d on a 1x4x4 tensor scaled to mean ~15 and its output mean; Dropout applied twice
# in training mode; the old "nn package" chapter's MNISTConvNet with CrossEntropyLoss, the weight and
# gradient norms, a forward hook printing input/output types, sizes and norms, the deprecated module
# backward hook (register_backward_hook: grad_input of the module's last op), and an RNN cell reused
# over several time steps with summed losses; then the inspecting-parameters recipe: shapes of
# parameters(), named_parameters() with f-string "=" specifiers, numel totals with thousands
# separators, freezing one weight, a CNN's counts checked against np.prod, and per-layer totals from a
# defaultdict over name.rsplit('.', 1): the workflow of pytorch/tutorials beginner_source/introyt/
# modelsyt_tutorial.py @ 108cc1aa7d1eeab1ecea696fd418f1b1a0eaa6e3, beginner_source/former_torchies/
# nnft_tutorial.py @ 0a7e68666de5faceafa90276ad2b7874cd32c5e0 and recipes_source/
# inspecting_model_parameters.py @ 1ebde9d2beb1745581bac5dd5de2567a197b9c20. Changes: seeds; the
# 784-512-512-10 network shrunk to 64-32-32-10 and the CNN to 8x8 inputs; torchinfo's summary (a
# third-party package) left out. Written for Kiln, not copied.
from collections import defaultdict

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class TinyModel(torch.nn.Module):
    def __init__(self):
        super(TinyModel, self).__init__()
        self.linear1 = torch.nn.Linear(10, 20)
        self.activation = torch.nn.ReLU()
        self.linear2 = torch.nn.Linear(20, 4)
        self.softmax = torch.nn.Softmax()

    def forward(self, x):
        return self.softmax(self.linear2(self.activation(self.linear1(x))))


tinymodel = TinyModel()
print('The model:')
print(tinymodel)
print('\n\nJust one layer:')
print(tinymodel.linear2)
print('\n\nLayer params:')
for param in tinymodel.linear2.parameters():
    print(param)
print(tinymodel(torch.rand(2, 10)))

lin = torch.nn.Linear(3, 2)
x = torch.rand(1, 3)
print('Input:')
print(x)
print('\n\nWeight and Bias parameters:')
for param in lin.parameters():
    print(param)
print('\n\nOutput:')
print(lin(x))

my_tensor = torch.rand(1, 6, 6)
print(my_tensor)
print(torch.nn.MaxPool2d(3)(my_tensor))
my_tensor = torch.rand(1, 4, 4) * 20 + 5
print(my_tensor)
print(my_tensor.mean())
normed_tensor = torch.nn.BatchNorm1d(4)(my_tensor)
print(normed_tensor)
print(abs(normed_tensor.mean().item()) < 1e-6)
my_tensor = torch.rand(1, 4, 4)
dropout = torch.nn.Dropout(p=0.4)
print(dropout(my_tensor))
print(dropout(my_tensor))


class MNISTConvNet(nn.Module):
    def __init__(self):
        super(MNISTConvNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 10, 5)
        self.pool1 = nn.MaxPool2d(2, 2)
        self.conv2 = nn.Conv2d(10, 20, 5)
        self.pool2 = nn.MaxPool2d(2, 2)
        self.fc1 = nn.Linear(320, 50)
        self.fc2 = nn.Linear(50, 10)

    def forward(self, input):
        x = self.pool1(F.relu(self.conv1(input)))
        x = self.pool2(F.relu(self.conv2(x)))
        x = x.flatten(start_dim=1)
        x = F.relu(self.fc1(x))
        return F.relu(self.fc2(x))


net = MNISTConvNet()
print(net)
input = torch.randn(1, 1, 28, 28)
out = net(input)
print(out.size())
target = torch.tensor([3], dtype=torch.long)
loss_fn = nn.CrossEntropyLoss()
err = loss_fn(out, target)
err.backward()
print(err)
print(net.conv1.weight.grad.size())
print(net.conv1.weight.data.norm())
print(net.conv1.weight.grad.data.norm())


def printnorm(self, input, output):
    print('Inside ' + self.__class__.__name__ + ' forward')
    print('')
    print('input: ', type(input))
    print('input[0]: ', type(input[0]))
    print('output: ', type(output))
    print('')
    print('input size:', input[0].size())
    print('output size:', output.data.size())
    print('output norm:', output.data.norm())


handle = net.conv2.register_forward_hook(printnorm)
out = net(input)
handle.remove()


def printgradnorm(self, grad_input, grad_output):
    print('Inside ' + self.__class__.__name__ + ' backward')
    print('grad_input: ', type(grad_input), len(grad_input))
    print('grad_output: ', type(grad_output), len(grad_output))
    print('grad_input sizes:', [None if g is None else tuple(g.size()) for g in grad_input])
    print('grad_output size:', grad_output[0].size())
    print('grad_input norm:', grad_input[0].norm())


net.conv2.register_backward_hook(printgradnorm)
out = net(input)
err = loss_fn(out, target)
err.backward()


class RNN(nn.Module):
    def __init__(self, data_size, hidden_size, output_size):
        super(RNN, self).__init__()
        self.hidden_size = hidden_size
        self.i2h = nn.Linear(data_size + hidden_size, hidden_size)
        self.h2o = nn.Linear(hidden_size, output_size)

    def forward(self, data, last_hidden):
        hidden = self.i2h(torch.cat((data, last_hidden), 1))
        return hidden, self.h2o(hidden)


rnn = RNN(50, 20, 10)
loss_fn = nn.MSELoss()
batch = torch.randn(10, 50)
hidden = torch.zeros(10, 20)
target = torch.zeros(10, 10)
loss = 0
for t in range(5):
    # the same layers at every step; the graph keeps each use apart
    hidden, output = rnn(batch, hidden)
    loss += loss_fn(output, target)
loss.backward()
print(loss, rnn.i2h.weight.grad.norm())

# ---- inspecting parameters ---------------------------------------------------------------------------


class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(8 * 8, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 10))

    def forward(self, x):
        return self.linear_relu_stack(self.flatten(x))


model = NeuralNetwork()
print(model)
print([param.shape for param in model.parameters()])
for name, param in model.named_parameters():
    print(name, param.shape)
for name, param in nn.Linear(8 * 8, 32).named_parameters():
    print(name, param.size())
for name, param in model.named_parameters():
    print(f'{name=}, {param.size()=}, {param.numel()=}')
print(f'Total model params: {sum(p.numel() for p in model.parameters()):,}')
for name, param in model.named_parameters():
    if name == 'linear_relu_stack.0.weight':
        param.requires_grad = False
    print(f'{name=}, {param.size()=}, {param.numel()=}, {param.requires_grad=}')
print(f'Total model trainable params: {sum(p.numel() for p in model.parameters() if p.requires_grad):,}')


class CNN(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(in_channels=1, out_channels=32, kernel_size=3), nn.ReLU(inplace=True),
            nn.Conv2d(in_channels=32, out_channels=64, kernel_size=3), nn.ReLU(inplace=True),
            nn.MaxPool2d(kernel_size=(2, 2)))
        self.classifier = nn.Sequential(
            nn.Flatten(), nn.Linear(64 * 2 * 2, 128), nn.ReLU(inplace=True), nn.Linear(128, 10))

    def forward(self, x):
        return self.classifier(self.features(x))


cnn_model = CNN()
print(cnn_model)
print('-' * 72)
for name, param in cnn_model.named_parameters():
    print(f'{name=}, {param.size()=}, {np.prod(param.size())=} == {param.numel()=}')
print(f'Total model trainable params: {sum(p.numel() for p in cnn_model.parameters() if p.requires_grad):,}')
print(cnn_model(torch.rand(2, 1, 8, 8)).shape)
for m in (model, cnn_model):
    layer_params = defaultdict(int)
    for name, param in m.named_parameters():
        layer_params[name.rsplit('.', 1)[0]] += param.numel()
    for name, total_params in layer_params.items():
        print(f'{name=} {total_params=:,}')
