# Real-program corpus (tests/realworld, see README.md): MADE, the masked autoencoder for
# distribution estimation, in the shape of karpathy/pytorch-made (made.py, run.py): an nn.Linear
# subclass with a registered 'mask' buffer filled through `self.mask.data.copy_(torch.from_numpy(
# mask.astype(np.uint8).T))` (a uint8 source copied into a float buffer), a Python list of layers
# built with extend/pop and turned into nn.Sequential(*list), masks from np.random.RandomState
# (permutation, randint with array bounds) compared through broadcast `[:, None] <= [None, :]`,
# isinstance filtering of self.net.modules(), the autoregressive self-test (backward of one output
# through a Variable input, np.where of the gradient, `"%30s" % list`), then run.py's training:
# torch._C._set_grad_enabled toggled per split, model.train() if ... else model.eval() as a
# statement, binary_cross_entropy_with_logits(size_average=False), `xbhat += model(xb)` into a
# zeros_like buffer, order-agnostic mask resampling, Adam with weight decay, StepLR.
# Origin: karpathy/pytorch-made made.py @ 81886ccc8270cdf3a2b32cbbca5c7feab422f907 (nout = k * nin
# tiling), run.py @ 08431d9a9759446f1c298af727bc7e529dd24938.
# Written for Kiln, not copied. Changes: random binary data from a seeded NumPy generator instead
# of binarized_mnist.npz (D = 12 instead of 784); the self-test checks hiddens [20], [20, 22]
# instead of [200], [200, 220], [200, 220, 230]; argparse gets an explicit list; no .cuda(); 3
# epochs of 4 batches of 10; run.py's `torch._C.set_grad_enabled` (PyTorch 0.4; gone from torch._C
# since) becomes `torch._C._set_grad_enabled`, which torch.autograd's grad-mode classes call, and the
# mode is set back to True after each split; `scheduler.step(epoch)` (deprecated, a warning) becomes
# `scheduler.step()` after the epoch; the per-split loss print keeps 4 decimals.
import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable


# ---- made.py ----
class MaskedLinear(nn.Linear):
    """ same as Linear except has a configurable mask on the weights """

    def __init__(self, in_features, out_features, bias=True):
        super().__init__(in_features, out_features, bias)
        self.register_buffer('mask', torch.ones(out_features, in_features))

    def set_mask(self, mask):
        self.mask.data.copy_(torch.from_numpy(mask.astype(np.uint8).T))

    def forward(self, input):
        return F.linear(input, self.mask * self.weight, self.bias)


class MADE(nn.Module):
    def __init__(self, nin, hidden_sizes, nout, num_masks=1, natural_ordering=False):
        super().__init__()
        self.nin = nin
        self.nout = nout
        self.hidden_sizes = hidden_sizes
        assert self.nout % self.nin == 0, "nout must be integer multiple of nin"

        # a plain list of layers first, a Sequential afterwards
        self.net = []
        hs = [nin] + hidden_sizes + [nout]
        for h0, h1 in zip(hs, hs[1:]):
            self.net.extend([
                MaskedLinear(h0, h1),
                nn.ReLU(),
            ])
        self.net.pop()  # no ReLU after the output layer
        self.net = nn.Sequential(*self.net)

        self.natural_ordering = natural_ordering
        self.num_masks = num_masks
        self.seed = 0  # cycles through num_masks orderings

        self.m = {}
        self.update_masks()

    def update_masks(self):
        if self.m and self.num_masks == 1:
            return  # a single seed: the masks never change
        L = len(self.hidden_sizes)

        rng = np.random.RandomState(self.seed)
        self.seed = (self.seed + 1) % self.num_masks

        # the order of the inputs and the connectivity of every hidden unit
        self.m[-1] = np.arange(self.nin) if self.natural_ordering else rng.permutation(self.nin)
        for l in range(L):
            self.m[l] = rng.randint(self.m[l - 1].min(), self.nin - 1, size=self.hidden_sizes[l])

        masks = [self.m[l - 1][:, None] <= self.m[l][None, :] for l in range(L)]
        masks.append(self.m[L - 1][:, None] < self.m[-1][None, :])

        # several outputs per input: tile the last mask
        if self.nout > self.nin:
            k = int(self.nout / self.nin)
            masks[-1] = np.concatenate([masks[-1]] * k, axis=1)

        layers = [l for l in self.net.modules() if isinstance(l, MaskedLinear)]
        for l, m in zip(layers, masks):
            l.set_mask(m)

    def forward(self, x):
        return self.net(x)


def check_autoregressive(D):
    rng = np.random.RandomState(14)
    x = (rng.rand(1, D) > 0.5).astype(np.float32)
    for natural in [True, False]:
        for hiddens in [[20], [20, 22]]:
            print("checking hiddens %s with natural = %s" % (hiddens, natural))
            model = MADE(D, hiddens, D, natural_ordering=natural)
            res = []
            for k in range(D):
                xtr = Variable(torch.from_numpy(x), requires_grad=True)
                xtrhat = model(xtr)
                loss = xtrhat[0, k]
                loss.backward()

                depends = (xtr.grad[0].numpy() != 0).astype(np.uint8)
                depends_ix = list(np.where(depends)[0])
                isok = k not in depends_ix
                res.append((len(depends_ix), k, depends_ix, isok))
            res.sort()
            for nl, k, ix, isok in res:
                print("output %d depends on inputs: %30s : %s" % (k, [int(i) for i in ix], "OK" if isok else "NOTOK"))


# ---- run.py ----
def run_epoch(split, upto=None):
    torch._C._set_grad_enabled(split == 'train')
    model.train() if split == 'train' else model.eval()
    nsamples = 1 if split == 'train' else args.samples
    x = xtr if split == 'train' else xte
    N, D = x.size()
    B = 10
    nsteps = N // B if upto is None else min(N // B, upto)
    lossfs = []
    for step in range(nsteps):
        xb = Variable(x[step * B:step * B + B])

        xbhat = torch.zeros_like(xb)
        for s in range(nsamples):
            if step % args.resample_every == 0 or split == 'test':
                model.update_masks()
            xbhat += model(xb)
        xbhat /= nsamples

        loss = F.binary_cross_entropy_with_logits(xbhat, xb, size_average=False) / B
        lossf = loss.data.item()
        lossfs.append(lossf)

        if split == 'train':
            opt.zero_grad()
            loss.backward()
            opt.step()

    print("%s epoch average loss: %.4f" % (split, np.mean(lossfs)))
    torch._C._set_grad_enabled(True)


if __name__ == '__main__':
    torch.manual_seed(0)
    check_autoregressive(8)

    parser = argparse.ArgumentParser()
    parser.add_argument('-d', '--data-path', required=True, type=str, help="Path to binarized_mnist.npz")
    parser.add_argument('-q', '--hiddens', type=str, default='500', help="Comma separated sizes for hidden layers")
    parser.add_argument('-n', '--num-masks', type=int, default=1, help="Number of orderings")
    parser.add_argument('-r', '--resample-every', type=int, default=20, help="Resample masks every this many steps")
    parser.add_argument('-s', '--samples', type=int, default=1, help="Mask samples averaged at inference")
    args = parser.parse_args(['-d', 'random', '-q', '24,24', '-n', '3', '-r', '2', '-s', '2'])

    np.random.seed(42)
    torch.manual_seed(42)

    print("loading binarized data from", args.data_path)
    data = (np.random.rand(60, 12) > 0.5).astype(np.float32)
    xtr, xte = data[:40], data[40:]
    xtr = torch.from_numpy(xtr)
    xte = torch.from_numpy(xte)

    hidden_list = list(map(int, args.hiddens.split(',')))
    model = MADE(xtr.size(1), hidden_list, xtr.size(1), num_masks=args.num_masks)
    print("number of model parameters:", sum([np.prod(p.size()) for p in model.parameters()]))
    print(model)

    opt = torch.optim.Adam(model.parameters(), 1e-2, weight_decay=1e-4)
    scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.1)

    for epoch in range(3):
        print("epoch %d" % (epoch, ))
        run_epoch('test', upto=1)
        run_epoch('train')
        scheduler.step()
        print("lr", scheduler.get_last_lr())

    print("optimization done. full test set eval:")
    run_epoch('test')
