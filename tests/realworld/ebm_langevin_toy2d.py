# Real-program corpus (tests/realworld, see README.md): swyoon/pytorch-energy-based-model @
# 052c21a8bedd93d9abf3c8924e7ae46cf5b84d57 (models.py, langevin.py, data.py, train_energy_based_model.py,
# tests.py): an energy-based model on 2-D toy densities trained by contrastive divergence with
# Langevin sampling. sample_langevin takes the energy's gradient with torch.autograd.grad on a
# requires_grad_ copy and steps x - stepsize * grad + noise (sqrt(2 * stepsize) by default) under
# no_grad, optionally keeping every intermediate sample; FCNet builds Linear layers with activations
# looked up by name; data.py draws 8gaussians / 2spirals / checkerboard / rings and the u1-u4 potentials.
# The training loop: TensorDataset + shuffled DataLoader, negatives from Langevin chains started at
# randn_like, loss (pos - neg) + alpha (pos^2 + neg^2), clip_grad_norm_ 0.1, Adam. Verbatim: the
# three library files from their first definition on, and the training loop. Changes from the origin:
# argparse gets an explicit list (FCNet, --n_step 10, --n_epoch 2) and the script's args.n_steps
# (an AttributeError in CPython: the option is --n_step) is args.n_step; .cuda() calls and
# num_workers=8 dropped; 256/64/64 samples instead of 5000/1000/5000; each of the four 2-D datasets
# trained in turn; torch.manual_seed added; the epoch means printed with 4 decimals, plus the
# potentials' values and a Langevin chain's intermediate samples shape.
import argparse
import math

import numpy as np
import torch
import torch.autograd as autograd
import torch.nn as nn
import torch.nn.functional as F
from torch.optim import Adam
from torch.utils.data import TensorDataset, DataLoader


class ConvNet(nn.Module):
    def __init__(self, in_chan=1, out_chan=64, nh=8, out_activation=None):
        """
        ConvNet tailored for MNIST (28x28 images)
        nh: multiplier for the number of filters
        """
        super(ConvNet, self).__init__()
        self.conv1 = nn.Conv2d(in_chan, nh * 4, kernel_size=3, bias=True)
        self.conv2 = nn.Conv2d(nh * 4, nh * 8, kernel_size=3, bias=True)
        self.max1 = nn.MaxPool2d(kernel_size=2, stride=2)
        self.conv3 = nn.Conv2d(nh * 8, nh * 8, kernel_size=3, bias=True)
        self.conv4 = nn.Conv2d(nh * 8, nh * 16, kernel_size=3, bias=True)
        self.max2 = nn.MaxPool2d(kernel_size=2, stride=2)
        self.conv5 = nn.Conv2d(nh * 16, out_chan, kernel_size=4, bias=True)
        self.in_chan, self.out_chan = in_chan, out_chan
        self.out_activation = out_activation

    def forward(self, x):
        x = self.conv1(x)
        x = F.relu(x)
        x = self.conv2(x)
        x = F.relu(x)
        x = self.max1(x)
        x = self.conv3(x)
        x = F.relu(x)
        x = self.conv4(x)
        x = F.relu(x)
        x = self.max2(x)
        x = self.conv5(x)
        return x


# Fully Connected Network
def get_activation(s_act):
    if s_act == 'relu':
        return nn.ReLU(inplace=True)
    elif s_act == 'sigmoid':
        return nn.Sigmoid()
    elif s_act == 'softplus':
        return nn.Softplus()
    elif s_act == 'linear':
        return None
    elif s_act == 'tanh':
        return nn.Tanh()
    elif s_act == 'leakyrelu':
        return nn.LeakyReLU(0.2, inplace=True)
    elif s_act == 'softmax':
        return nn.Softmax(dim=1)
    else:
        raise ValueError(f'Unexpected activation: {s_act}')


class FCNet(nn.Module):
    """fully-connected network"""
    def __init__(self, in_dim, out_dim, l_hidden=(50,), activation='sigmoid', out_activation='linear'):
        super(FCNet, self).__init__()
        l_neurons = tuple(l_hidden) + (out_dim,)
        if isinstance(activation, str):
            activation = (activation,) * len(l_hidden)
        activation = tuple(activation) + (out_activation,)

        l_layer = []
        prev_dim = in_dim
        for i_layer, (n_hidden, act) in enumerate(zip(l_neurons, activation)):
            l_layer.append(nn.Linear(prev_dim, n_hidden))
            act_fn = get_activation(act)
            if act_fn is not None:
                l_layer.append(act_fn)
            prev_dim = n_hidden

        self.net = nn.Sequential(*l_layer)
        self.in_dim = in_dim
        self.out_shape = (out_dim,) 

    def forward(self, x):
        return self.net(x)


def sample_langevin(x, model, stepsize, n_steps, noise_scale=None, intermediate_samples=False):
    """Draw samples using Langevin dynamics
    x: torch.Tensor, initial points
    model: An energy-based model
    stepsize: float
    n_steps: integer
    noise_scale: Optional. float. If None, set to np.sqrt(stepsize * 2)
    """
    if noise_scale is None:
        noise_scale = np.sqrt(stepsize * 2)

    l_samples = []
    l_dynamics = []
    x.requires_grad = True
    for _ in range(n_steps):
        l_samples.append(x.detach().to('cpu'))
        noise = torch.randn_like(x) * noise_scale
        out = model(x)
        grad = autograd.grad(out.sum(), x, only_inputs=True)[0]
        dynamics = stepsize * grad + noise
        x = x + dynamics
        l_samples.append(x.detach().to('cpu'))
        l_dynamics.append(dynamics.detach().to('cpu'))

    if intermediate_samples:
        return l_samples, l_dynamics
    else:
        return l_samples[-1]




def potential_fn(dataset):
    """
    toy potention functions
    Code borrowed from https://github.com/kamenbliznashki/normalizing_flows/blob/master/bnaf.py"""
    w1 = lambda z: torch.sin(2 * math.pi * z[:,0] / 4)
    w2 = lambda z: 3 * torch.exp(-0.5 * ((z[:,0] - 1)/0.6)**2)
    w3 = lambda z: 3 * torch.sigmoid((z[:,0] - 1) / 0.3)

    if dataset == 'u1':
        return lambda z: 0.5 * ((torch.norm(z, p=2, dim=1) - 2) / 0.4)**2 - \
                                torch.log(torch.exp(-0.5*((z[:,0] - 2) / 0.6)**2) + \
                                          torch.exp(-0.5*((z[:,0] + 2) / 0.6)**2) + 1e-10)

    elif dataset == 'u2':
        return lambda z: 0.5 * ((z[:,1] - w1(z)) / 0.4)**2

    elif dataset == 'u3':
        return lambda z: - torch.log(torch.exp(-0.5*((z[:,1] - w1(z))/0.35)**2) + \
                                     torch.exp(-0.5*((z[:,1] - w1(z) + w2(z))/0.35)**2) + 1e-10)

    elif dataset == 'u4':
        return lambda z: - torch.log(torch.exp(-0.5*((z[:,1] - w1(z))/0.4)**2) + \
                                     torch.exp(-0.5*((z[:,1] - w1(z) + w3(z))/0.35)**2) + 1e-10)

    else:
        raise RuntimeError('Invalid potential name to sample from.')


def sample_2d_data(dataset, n_samples):
    """generate samples from 2D toy distributions
    Code borrowed from https://github.com/kamenbliznashki/normalizing_flows/blob/master/bnaf.py"""
    z = torch.randn(n_samples, 2)

    if dataset == '8gaussians':
        scale = 4
        sq2 = 1/math.sqrt(2)
        centers = [(1,0), (-1,0), (0,1), (0,-1), (sq2,sq2), (-sq2,sq2), (sq2,-sq2), (-sq2,-sq2)]
        centers = torch.tensor([(scale * x, scale * y) for x,y in centers])
        return sq2 * (0.5 * z + centers[torch.randint(len(centers), size=(n_samples,))])

    elif dataset == '2spirals':
        n = torch.sqrt(torch.rand(n_samples // 2)) * 540 * (2 * math.pi) / 360
        d1x = - torch.cos(n) * n + torch.rand(n_samples // 2) * 0.5
        d1y =   torch.sin(n) * n + torch.rand(n_samples // 2) * 0.5
        x = torch.cat([torch.stack([ d1x,  d1y], dim=1),
                       torch.stack([-d1x, -d1y], dim=1)], dim=0) / 3
        return x + 0.1*z

    elif dataset == 'checkerboard':
        x1 = torch.rand(n_samples) * 4 - 2
        x2_ = torch.rand(n_samples) - torch.randint(0, 2, (n_samples,), dtype=torch.float) * 2
        x2 = x2_ + x1.floor() % 2
        return torch.stack([x1, x2], dim=1) * 2

    elif dataset == 'rings':
        n_samples4 = n_samples3 = n_samples2 = n_samples // 4
        n_samples1 = n_samples - n_samples4 - n_samples3 - n_samples2

        # so as not to have the first point = last point, set endpoint=False in np; here shifted by one
        linspace4 = torch.linspace(0, 2 * math.pi, n_samples4 + 1)[:-1]
        linspace3 = torch.linspace(0, 2 * math.pi, n_samples3 + 1)[:-1]
        linspace2 = torch.linspace(0, 2 * math.pi, n_samples2 + 1)[:-1]
        linspace1 = torch.linspace(0, 2 * math.pi, n_samples1 + 1)[:-1]

        circ4_x = torch.cos(linspace4)
        circ4_y = torch.sin(linspace4)
        circ3_x = torch.cos(linspace4) * 0.75
        circ3_y = torch.sin(linspace3) * 0.75
        circ2_x = torch.cos(linspace2) * 0.5
        circ2_y = torch.sin(linspace2) * 0.5
        circ1_x = torch.cos(linspace1) * 0.25
        circ1_y = torch.sin(linspace1) * 0.25

        x = torch.stack([torch.cat([circ4_x, circ3_x, circ2_x, circ1_x]),
                         torch.cat([circ4_y, circ3_y, circ2_y, circ1_y])], dim=1) * 3.0

        # random sample
        x = x[torch.randint(0, n_samples, size=(n_samples,))]

        # Add noise
        return x + torch.normal(mean=torch.zeros_like(x), std=0.08*torch.ones_like(x))

    else:
        raise RuntimeError('Invalid `dataset` to sample from.')


torch.manual_seed(0)
for dataset in ('8gaussians', '2spirals', 'checkerboard', 'rings'):
    parser = argparse.ArgumentParser()
    parser.add_argument('dataset', choices=('8gaussians', '2spirals', 'checkerboard', 'rings', 'MNIST'))
    parser.add_argument('model', choices=('FCNet', 'ConvNet'))
    parser.add_argument('--lr', type=float, default=1e-3, help='learning rate. default: 1e-3')
    parser.add_argument('--stepsize', type=float, default=0.1, help='Langevin dynamics step size. default 0.1')
    parser.add_argument('--n_step', type=int, default=100, help='The number of Langevin dynamics steps. default 100')
    parser.add_argument('--n_epoch', type=int, default=100, help='The number of training epoches. default 100')
    parser.add_argument('--alpha', type=float, default=1., help='Regularizer coefficient. default 100')
    args = parser.parse_args([dataset, 'FCNet', '--n_step', '10', '--n_epoch', '2'])

    N_train = 256
    X_train = sample_2d_data(args.dataset, N_train)
    train_dl = DataLoader(TensorDataset(X_train), batch_size=32, shuffle=True)
    model = FCNet(in_dim=2, out_dim=1, l_hidden=(100, 100), activation='relu', out_activation='linear')
    opt = Adam(model.parameters(), lr=args.lr)

    for i_epoch in range(args.n_epoch):
        l_loss = []
        for pos_x, in train_dl:
            neg_x = torch.randn_like(pos_x)
            neg_x = sample_langevin(neg_x, model, args.stepsize, args.n_step, intermediate_samples=False)
            opt.zero_grad()
            pos_out = model(pos_x)
            neg_out = model(neg_x)
            loss = (pos_out - neg_out) + args.alpha * (pos_out ** 2 + neg_out ** 2)
            loss = loss.mean()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=0.1)
            opt.step()
            l_loss.append(loss.item())
        print(dataset, i_epoch, '%.4f' % np.mean(l_loss))
    pot = potential_fn('u' + str(1 + ['8gaussians', '2spirals', 'checkerboard', 'rings'].index(dataset)))
    print(dataset, 'potential', [round(v, 3) for v in pot(torch.tensor([[0.5, 0.2], [1.0, -0.5]])).tolist()])
    l_sample, l_dynamics = sample_langevin(torch.randn(5, 2), model, 0.1, 4, intermediate_samples=True)
    print(dataset, 'chain', len(l_sample), len(l_dynamics), tuple(l_sample[-1].shape), tuple(l_dynamics[-1].shape))
