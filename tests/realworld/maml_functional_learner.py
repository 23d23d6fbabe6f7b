# Real-program corpus (tests/realworld, see README.md): MAML few-shot learning in the style of
# dragen1860/MAML-Pytorch (learner.py, meta.py, omniglot_train.py @ 98a00d41): a Learner built from
# a config list of ('conv2d' | 'relu' | 'bn' | 'max_pool2d' | 'flatten' | 'linear', params) whose
# weights live in an nn.ParameterList (BatchNorm running stats as plain ParameterList entries with
# requires_grad=False) and whose forward(x, vars=None, bn_training=True) runs F.conv2d / F.batch_norm /
# F.linear over any list of weights; it overrides parameters() to return that list, so the Meta
# learner's inner loop is torch.autograd.grad(loss, self.net.parameters()) followed by fast weights
# `list(map(lambda p: p[1] - lr * p[0], zip(grad, params)))`, the outer step sums query losses over
# tasks, and finetunning() adapts a deepcopy of the net. Written for Kiln, not copied; random N-way
# K-shot tasks in place of Omniglot, 16-channel convs, two meta steps.
import argparse
from copy import deepcopy

import numpy as np
import torch
from torch import nn, optim
from torch.nn import functional as F


class Learner(nn.Module):
    def __init__(self, config, imgc, imgsz):
        super(Learner, self).__init__()
        self.config = config
        self.vars = nn.ParameterList()
        self.vars_bn = nn.ParameterList()
        for i, (name, param) in enumerate(self.config):
            if name == 'conv2d':
                w = nn.Parameter(torch.ones(*param[:4]))
                torch.nn.init.kaiming_normal_(w)
                self.vars.append(w)
                self.vars.append(nn.Parameter(torch.zeros(param[0])))
            elif name == 'linear':
                w = nn.Parameter(torch.ones(*param))
                torch.nn.init.kaiming_normal_(w)
                self.vars.append(w)
                self.vars.append(nn.Parameter(torch.zeros(param[0])))
            elif name == 'bn':
                self.vars.append(nn.Parameter(torch.ones(param[0])))
                self.vars.append(nn.Parameter(torch.zeros(param[0])))
                running_mean = nn.Parameter(torch.zeros(param[0]), requires_grad=False)
                running_var = nn.Parameter(torch.ones(param[0]), requires_grad=False)
                self.vars_bn.extend([running_mean, running_var])
            elif name in ['relu', 'flatten', 'max_pool2d']:
                continue
            else:
                raise NotImplementedError

    def extra_repr(self):
        info = ''
        for name, param in self.config:
            if name == 'conv2d':
                info += 'conv2d:(ch_in:%d, ch_out:%d, k:%dx%d, stride:%d, padding:%d)\n' % (param[1], param[0], param[2], param[3], param[4], param[5])
            elif name == 'linear':
                info += 'linear:(in:%d, out:%d)\n' % (param[1], param[0])
            else:
                info += name + ':' + str(tuple(param)) + '\n'
        return info

    def forward(self, x, vars=None, bn_training=True):
        if vars is None:
            vars = self.vars
        idx = 0
        bn_idx = 0
        for name, param in self.config:
            if name == 'conv2d':
                w, b = vars[idx], vars[idx + 1]
                x = F.conv2d(x, w, b, stride=param[4], padding=param[5])
                idx += 2
            elif name == 'linear':
                w, b = vars[idx], vars[idx + 1]
                x = F.linear(x, w, b)
                idx += 2
            elif name == 'bn':
                w, b = vars[idx], vars[idx + 1]
                running_mean, running_var = self.vars_bn[bn_idx], self.vars_bn[bn_idx + 1]
                x = F.batch_norm(x, running_mean, running_var, weight=w, bias=b, training=bn_training)
                idx += 2
                bn_idx += 2
            elif name == 'flatten':
                x = x.view(x.size(0), -1)
            elif name == 'relu':
                x = F.relu(x, inplace=param[0])
            elif name == 'max_pool2d':
                x = F.max_pool2d(x, param[0], param[1], param[2])
        assert idx == len(vars)
        assert bn_idx == len(self.vars_bn)
        return x

    def zero_grad(self, vars=None):
        with torch.no_grad():
            for p in (self.vars if vars is None else vars):
                if p.grad is not None:
                    p.grad.zero_()

    def parameters(self):
        return self.vars


class Meta(nn.Module):
    def __init__(self, args, config):
        super(Meta, self).__init__()
        self.update_lr = args.update_lr
        self.meta_lr = args.meta_lr
        self.n_way = args.n_way
        self.task_num = args.task_num
        self.update_step = args.update_step
        self.update_step_test = args.update_step_test
        self.net = Learner(config, args.imgc, args.imgsz)
        self.meta_optim = optim.Adam(self.net.parameters(), lr=self.meta_lr)

    def clip_grad_by_norm_(self, grad, max_norm):
        total_norm = 0
        for g in grad:
            total_norm += g.data.norm(2).item() ** 2
        total_norm = total_norm ** (1. / 2)
        clip_coef = max_norm / (total_norm + 1e-6)
        if clip_coef < 1:
            for g in grad:
                g.data.mul_(clip_coef)
        return total_norm / len(grad)

    def forward(self, x_spt, y_spt, x_qry, y_qry):
        task_num = x_spt.size(0)
        querysz = x_qry.size(1)
        losses_q = [0 for _ in range(self.update_step + 1)]
        corrects = [0 for _ in range(self.update_step + 1)]
        for i in range(task_num):
            logits = self.net(x_spt[i], vars=None, bn_training=True)
            loss = F.cross_entropy(logits, y_spt[i])
            grad = torch.autograd.grad(loss, self.net.parameters())
            fast_weights = list(map(lambda p: p[1] - self.update_lr * p[0], zip(grad, self.net.parameters())))
            with torch.no_grad():
                logits_q = self.net(x_qry[i], self.net.parameters(), bn_training=True)
                losses_q[0] += F.cross_entropy(logits_q, y_qry[i])
                corrects[0] += torch.eq(F.softmax(logits_q, dim=1).argmax(dim=1), y_qry[i]).sum().item()
            for k in range(1, self.update_step + 1):
                logits = self.net(x_spt[i], fast_weights, bn_training=True)
                loss = F.cross_entropy(logits, y_spt[i])
                grad = torch.autograd.grad(loss, fast_weights)
                fast_weights = list(map(lambda p: p[1] - self.update_lr * p[0], zip(grad, fast_weights)))
                logits_q = self.net(x_qry[i], fast_weights, bn_training=True)
                loss_q = F.cross_entropy(logits_q, y_qry[i])
                losses_q[k] += loss_q
                with torch.no_grad():
                    corrects[k] += torch.eq(F.softmax(logits_q, dim=1).argmax(dim=1), y_qry[i]).sum().item()
        loss_q = losses_q[-1] / task_num
        self.meta_optim.zero_grad()
        loss_q.backward()
        self.meta_optim.step()
        return np.array(corrects) / (querysz * task_num), loss_q.item()

    def finetunning(self, x_spt, y_spt, x_qry, y_qry):
        corrects = [0 for _ in range(self.update_step_test + 1)]
        net = deepcopy(self.net)
        logits = net(x_spt)
        grad = torch.autograd.grad(F.cross_entropy(logits, y_spt), net.parameters())
        fast_weights = list(map(lambda p: p[1] - self.update_lr * p[0], zip(grad, net.parameters())))
        with torch.no_grad():
            corrects[0] += torch.eq(F.softmax(net(x_qry, net.parameters()), dim=1).argmax(dim=1), y_qry).sum().item()
            corrects[1] += torch.eq(F.softmax(net(x_qry, fast_weights), dim=1).argmax(dim=1), y_qry).sum().item()
        for k in range(1, self.update_step_test):
            loss = F.cross_entropy(net(x_spt, fast_weights, bn_training=True), y_spt)
            grad = torch.autograd.grad(loss, fast_weights)
            fast_weights = list(map(lambda p: p[1] - self.update_lr * p[0], zip(grad, fast_weights)))
            with torch.no_grad():
                corrects[k + 1] += torch.eq(F.softmax(net(x_qry, fast_weights), dim=1).argmax(dim=1), y_qry).sum().item()
        del net
        return np.array(corrects) / x_qry.size(0)


def make_tasks(protos, n_tasks, n_way, k_shot, k_query, gen):
    xs, ys, xq, yq = [], [], [], []
    for _ in range(n_tasks):
        cls = torch.randperm(protos.size(0), generator=gen)[:n_way]
        def draw(k):
            x = protos[cls].repeat_interleave(k, 0) + 0.5 * torch.randn(n_way * k, *protos.shape[1:], generator=gen)
            return x, torch.arange(n_way).repeat_interleave(k)
        a, b = draw(k_shot)
        c, d = draw(k_query)
        xs.append(a); ys.append(b); xq.append(c); yq.append(d)
    return torch.stack(xs), torch.stack(ys), torch.stack(xq), torch.stack(yq)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--epoch', type=int, default=40000)
    parser.add_argument('--n_way', type=int, default=5)
    parser.add_argument('--k_spt', type=int, default=1)
    parser.add_argument('--k_qry', type=int, default=15)
    parser.add_argument('--imgsz', type=int, default=28)
    parser.add_argument('--imgc', type=int, default=1)
    parser.add_argument('--task_num', type=int, default=32)
    parser.add_argument('--meta_lr', type=float, default=1e-3)
    parser.add_argument('--update_lr', type=float, default=0.4)
    parser.add_argument('--update_step', type=int, default=5)
    parser.add_argument('--update_step_test', type=int, default=10)
    args = parser.parse_args(['--epoch', '2', '--n_way', '3', '--k_qry', '2', '--task_num', '2', '--imgsz', '14',
                              '--update_step', '2', '--update_step_test', '3'])
    torch.manual_seed(222)
    np.random.seed(222)
    config = [
        ('conv2d', [16, 1, 3, 3, 2, 0]), ('relu', [True]), ('bn', [16]),
        ('conv2d', [16, 16, 3, 3, 2, 0]), ('relu', [True]), ('bn', [16]),
        ('flatten', []), ('linear', [args.n_way, 16 * 2 * 2]),
    ]
    maml = Meta(args, config)
    print(maml)
    num = sum(map(lambda x: np.prod(x.shape), filter(lambda x: x.requires_grad, maml.parameters())))
    print('Total trainable tensors:', num)
    gen = torch.Generator().manual_seed(0)
    protos = torch.randn(8, args.imgc, args.imgsz, args.imgsz, generator=gen)
    for step in range(args.epoch):
        accs, loss = maml(*make_tasks(protos, args.task_num, args.n_way, args.k_spt, args.k_qry, gen))
        print('step:', step, '\ttraining acc:', np.round(accs, 3), '\tloss: %.4f' % loss)
    accs = []
    x_spt, y_spt, x_qry, y_qry = make_tasks(protos, 2, args.n_way, args.k_spt, args.k_qry, gen)
    for one in zip(x_spt, y_spt, x_qry, y_qry):
        accs.append(maml.finetunning(*one))
    print('Test acc:', np.array(accs).mean(axis=0).astype(np.float16))
    print('running means moved:', [round(v.abs().sum().item(), 4) for v in maml.net.vars_bn[::2]])


if __name__ == '__main__':
    main()
