# Real-program corpus (tests/realworld, see README.md): few-shot classification with Prototypical
# Networks in the style of orobix/Prototypical-Networks-for-Few-shot-Learning-PyTorch
# (src/protonet.py, src/prototypical_loss.py, src/prototypical_batch_sampler.py, src/train.py @ df89808d):
# a loss Module imported from torch.nn.modules, a four-block conv encoder, an episodic batch sampler
# that keeps a NaN-padded index table per class (np.unique(return_counts=True), np.argwhere(...).item())
# and draws torch.randperm(self.numel_per_class[label_idx]) with a one-element tensor as the size, the
# prototypical loss (class prototypes from torch.unique / eq(c).nonzero(), squared euclidean distances
# through expand, log_softmax, gather), an argparse option set, Adam with StepLR, and train/val epochs
# that keep the best validation accuracy and test the last model. Written for Kiln, not copied; a
# synthetic 12-class dataset of 28x28 images in place of Omniglot, a few episodes.
import argparse

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.modules import Module


class ProtoLoss(Module):
    def __init__(self, n_support):
        super(ProtoLoss, self).__init__()
        self.n_support = n_support

    def forward(self, input, target):
        return prototypical_loss(input, target, self.n_support)


def euclidean_dist(x, y):
    n, m, d = x.size(0), y.size(0), x.size(1)
    if d != y.size(1):
        raise Exception
    x = x.unsqueeze(1).expand(n, m, d)
    y = y.unsqueeze(0).expand(n, m, d)
    return torch.pow(x - y, 2).sum(2)


def prototypical_loss(input, target, n_support):
    target_cpu = target.to('cpu')
    input_cpu = input.to('cpu')

    def supp_idxs(c):
        return target_cpu.eq(c).nonzero()[:n_support].squeeze(1)

    classes = torch.unique(target_cpu)
    n_classes = len(classes)
    n_query = target_cpu.eq(classes[0].item()).sum().item() - n_support
    support_idxs = list(map(supp_idxs, classes))
    prototypes = torch.stack([input_cpu[idx_list].mean(0) for idx_list in support_idxs])
    query_idxs = torch.stack(list(map(lambda c: target_cpu.eq(c).nonzero()[n_support:], classes))).view(-1)
    query_samples = input.to('cpu')[query_idxs]
    dists = euclidean_dist(query_samples, prototypes)
    log_p_y = F.log_softmax(-dists, dim=1).view(n_classes, n_query, -1)
    target_inds = torch.arange(0, n_classes).view(n_classes, 1, 1).expand(n_classes, n_query, 1).long()
    loss_val = -log_p_y.gather(2, target_inds).squeeze().view(-1).mean()
    _, y_hat = log_p_y.max(2)
    acc_val = y_hat.eq(target_inds.squeeze(2)).float().mean()
    return loss_val, acc_val


class EpisodeSampler(object):
    def __init__(self, labels, classes_per_it, num_samples, iterations):
        super(EpisodeSampler, self).__init__()
        self.labels = labels
        self.classes_per_it = classes_per_it
        self.sample_per_class = num_samples
        self.iterations = iterations
        self.classes, self.counts = np.unique(self.labels, return_counts=True)
        self.classes = torch.LongTensor(self.classes)
        self.indexes = np.empty((len(self.classes), max(self.counts)), dtype=int) * np.nan
        self.indexes = torch.Tensor(self.indexes)
        self.numel_per_class = torch.zeros_like(self.classes)
        for idx, label in enumerate(self.labels):
            label_idx = np.argwhere(self.classes == label).item()
            self.indexes[label_idx, np.where(np.isnan(self.indexes[label_idx]))[0][0]] = idx
            self.numel_per_class[label_idx] += 1

    def __iter__(self):
        spc, cpi = self.sample_per_class, self.classes_per_it
        for it in range(self.iterations):
            batch = torch.LongTensor(spc * cpi)
            c_idxs = torch.randperm(len(self.classes))[:cpi]
            for i, c in enumerate(self.classes[c_idxs]):
                s = slice(i * spc, (i + 1) * spc)
                label_idx = torch.arange(len(self.classes)).long()[self.classes == c].item()
                sample_idxs = torch.randperm(self.numel_per_class[label_idx])[:spc]
                batch[s] = self.indexes[label_idx][sample_idxs]
            batch = batch[torch.randperm(len(batch))]
            yield batch

    def __len__(self):
        return self.iterations


def conv_block(in_channels, out_channels):
    return nn.Sequential(nn.Conv2d(in_channels, out_channels, 3, padding=1), nn.BatchNorm2d(out_channels),
                         nn.ReLU(), nn.MaxPool2d(2))


class ProtoNet(nn.Module):
    def __init__(self, x_dim=1, hid_dim=16, z_dim=16):
        super(ProtoNet, self).__init__()
        self.encoder = nn.Sequential(conv_block(x_dim, hid_dim), conv_block(hid_dim, hid_dim),
                                     conv_block(hid_dim, hid_dim), conv_block(hid_dim, z_dim))

    def forward(self, x):
        x = self.encoder(x)
        return x.view(x.size(0), -1)


class ShapesDataset(torch.utils.data.Dataset):
    def __init__(self, n_classes, per_class, seed):
        g = torch.Generator().manual_seed(seed)
        self.y = [i // per_class for i in range(n_classes * per_class)]
        protos = torch.randn(n_classes, 1, 28, 28, generator=g)
        self.x = protos[self.y] + 0.8 * torch.randn(len(self.y), 1, 28, 28, generator=g)

    def __getitem__(self, idx):
        return self.x[idx], self.y[idx]

    def __len__(self):
        return len(self.y)


def run_epoch(model, loader, loss_fn, optim=None):
    losses, accs = [], []
    model.train(optim is not None)
    for x, y in loader:
        with torch.set_grad_enabled(optim is not None):
            loss, acc = loss_fn(model(x), y)
        if optim is not None:
            optim.zero_grad()
            loss.backward()
            optim.step()
        losses.append(loss.item())
        accs.append(acc.item())
    return np.mean(losses), np.mean(accs)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('-nep', '--epochs', type=int, default=100)
    parser.add_argument('-lr', '--learning_rate', type=float, default=0.001)
    parser.add_argument('-lrS', '--lr_scheduler_step', type=int, default=20)
    parser.add_argument('-lrG', '--lr_scheduler_gamma', type=float, default=0.5)
    parser.add_argument('-its', '--iterations', type=int, default=100)
    parser.add_argument('-cTr', '--classes_per_it_tr', type=int, default=60)
    parser.add_argument('-nsTr', '--num_support_tr', type=int, default=5)
    parser.add_argument('-nqTr', '--num_query_tr', type=int, default=5)
    parser.add_argument('-seed', '--manual_seed', type=int, default=7)
    opt = parser.parse_args(['-nep', '3', '-its', '3', '-cTr', '4', '-nsTr', '2', '-nqTr', '3', '-lrS', '2'])
    np.random.seed(opt.manual_seed)
    torch.manual_seed(opt.manual_seed)

    loaders = {}
    for mode, seed in (('train', 0), ('val', 1)):
        ds = ShapesDataset(6, 8, seed)
        sampler = EpisodeSampler(ds.y, opt.classes_per_it_tr, opt.num_support_tr + opt.num_query_tr, opt.iterations)
        loaders[mode] = torch.utils.data.DataLoader(ds, batch_sampler=sampler)
    model = ProtoNet()
    optim = torch.optim.Adam(params=model.parameters(), lr=opt.learning_rate)
    sched = torch.optim.lr_scheduler.StepLR(optimizer=optim, gamma=opt.lr_scheduler_gamma,
                                            step_size=opt.lr_scheduler_step)
    loss_fn = ProtoLoss(opt.num_support_tr)
    best_acc = 0
    for epoch in range(opt.epochs):
        tr_loss, tr_acc = run_epoch(model, loaders['train'], loss_fn, optim)
        sched.step()
        va_loss, va_acc = run_epoch(model, loaders['val'], loss_fn)
        postfix = ' (Best)' if va_acc >= best_acc else ' (Best: {:.4f})'.format(best_acc)
        best_acc = max(best_acc, va_acc)
        print('=== Epoch: {} === lr {:.5f}'.format(epoch, sched.get_last_lr()[0]))
        print('Avg Train Loss: {:.4f}, Avg Train Acc: {:.4f}'.format(tr_loss, tr_acc))
        print('Avg Val Loss: {:.4f}, Avg Val Acc: {:.4f}{}'.format(va_loss, va_acc, postfix))
    print('numel per class', loaders['train'].batch_sampler.numel_per_class.tolist())
    print('params', sum(p.numel() for p in model.parameters()), type(loss_fn).__mro__[1].__module__)


if __name__ == '__main__':
    main()
