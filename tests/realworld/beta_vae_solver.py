# Real-program corpus (tests/realworld, see README.md): beta-VAE training in the shape of 1Konny's
# Beta-VAE (model.py, solver.py, main.py): a View module in nn.Sequential, BetaVAE_H and BetaVAE_B
# (subclass re-building encoder/decoder) with ReLU(True) and ConvTranspose2d decoders,
# reparametrize through `Variable(std.data.new(std.size()).normal_())`, weight_init walking
# `self._modules[block]` of each Sequential with the deprecated `init.kaiming_normal`,
# reconstruction losses with the deprecated `size_average=False` (binary_cross_entropy_with_logits
# for 'bernoulli', F.sigmoid + mse_loss for 'gaussian'), kl_divergence returning total / dimension-
# wise / mean KLD, a DataGather of dict(...) lists filled through **kwargs, the 'H' (beta) and
# 'B' (capacity C through torch.clamp with a tensor bound `C_max.data[0]`) objectives, Adam with
# betas, str2bool argparse flags, and the latent traversal (`torch.arange(-limit, limit+0.1, inter)`,
# `z[:, row] = val`, torch.cat of sigmoid samples) of viz_traverse.
# Origin: 1Konny/Beta-VAE model.py @ 23811d9879559c1ae03560be101ed2952bac0248, solver.py @
# 007fb99dc9ff40051bfbedc1d02ee9e665aa99b2, main.py @ 1117b13837fc03cda7095cb676522b5ffd9981a6.
# Written for Kiln, not copied. Changes: random 64x64 "dsprites" / "celeba" tensors from
# torch.manual_seed instead of the downloaded datasets; visdom, tqdm, ipdb, checkpoint files and
# image grids left out (their numbers are printed instead); `recon_loss.data[0]` of a 0-dim tensor
# (an IndexError since PyTorch 0.5) -> .item(); viz_lines' torch.cat of the stacked 0-dim losses along
# dim 1 (1-d since PyTorch 0.4) -> .unsqueeze(1) first; max_iter 3 per run, printing every iteration.
import argparse

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.nn.init as init
import torch.optim as optim
from torch.autograd import Variable


def reparametrize(mu, logvar):
    std = logvar.div(2).exp()
    eps = Variable(std.data.new(std.size()).normal_())
    return mu + std * eps


class View(nn.Module):
    def __init__(self, size):
        super(View, self).__init__()
        self.size = size

    def forward(self, tensor):
        return tensor.view(self.size)


class BetaVAE_H(nn.Module):
    """Model proposed in original beta-VAE paper(Higgins et al, ICLR, 2017)."""

    def __init__(self, z_dim=10, nc=3):
        super(BetaVAE_H, self).__init__()
        self.z_dim = z_dim
        self.nc = nc
        self.encoder = nn.Sequential(
            nn.Conv2d(nc, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(32, 64, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(64, 64, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(64, 256, 4, 1),
            nn.ReLU(True),
            View((-1, 256 * 1 * 1)),
            nn.Linear(256, z_dim * 2),
        )
        self.decoder = nn.Sequential(
            nn.Linear(z_dim, 256),
            View((-1, 256, 1, 1)),
            nn.ReLU(True),
            nn.ConvTranspose2d(256, 64, 4),
            nn.ReLU(True),
            nn.ConvTranspose2d(64, 64, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(64, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(32, nc, 4, 2, 1),
        )

    def weight_init(self):
        for block in self._modules:
            for m in self._modules[block]:
                kaiming_init(m)

    def forward(self, x):
        distributions = self._encode(x)
        mu = distributions[:, :self.z_dim]
        logvar = distributions[:, self.z_dim:]
        z = reparametrize(mu, logvar)
        x_recon = self._decode(z)
        return x_recon, mu, logvar

    def _encode(self, x):
        return self.encoder(x)

    def _decode(self, z):
        return self.decoder(z)


class BetaVAE_B(BetaVAE_H):
    """Model proposed in understanding beta-VAE paper(Burgess et al, arxiv:1804.03599, 2018)."""

    def __init__(self, z_dim=10, nc=1):
        super(BetaVAE_B, self).__init__()
        self.nc = nc
        self.z_dim = z_dim

        self.encoder = nn.Sequential(
            nn.Conv2d(nc, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.Conv2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            View((-1, 32 * 4 * 4)),
            nn.Linear(32 * 4 * 4, 256),
            nn.ReLU(True),
            nn.Linear(256, 256),
            nn.ReLU(True),
            nn.Linear(256, z_dim * 2),
        )
        self.decoder = nn.Sequential(
            nn.Linear(z_dim, 256),
            nn.ReLU(True),
            nn.Linear(256, 256),
            nn.ReLU(True),
            nn.Linear(256, 32 * 4 * 4),
            nn.ReLU(True),
            View((-1, 32, 4, 4)),
            nn.ConvTranspose2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(32, 32, 4, 2, 1),
            nn.ReLU(True),
            nn.ConvTranspose2d(32, nc, 4, 2, 1),
        )
        self.weight_init()

    def forward(self, x):
        distributions = self._encode(x)
        mu = distributions[:, :self.z_dim]
        logvar = distributions[:, self.z_dim:]
        z = reparametrize(mu, logvar)
        x_recon = self._decode(z).view(x.size())
        return x_recon, mu, logvar


def kaiming_init(m):
    if isinstance(m, (nn.Linear, nn.Conv2d)):
        init.kaiming_normal(m.weight)
        if m.bias is not None:
            m.bias.data.fill_(0)
    elif isinstance(m, (nn.BatchNorm1d, nn.BatchNorm2d)):
        m.weight.data.fill_(1)
        if m.bias is not None:
            m.bias.data.fill_(0)


def reconstruction_loss(x, x_recon, distribution):
    batch_size = x.size(0)
    assert batch_size != 0
    if distribution == 'bernoulli':
        recon_loss = F.binary_cross_entropy_with_logits(x_recon, x, size_average=False).div(batch_size)
    elif distribution == 'gaussian':
        x_recon = F.sigmoid(x_recon)
        recon_loss = F.mse_loss(x_recon, x, size_average=False).div(batch_size)
    else:
        recon_loss = None
    return recon_loss


def kl_divergence(mu, logvar):
    batch_size = mu.size(0)
    assert batch_size != 0
    if mu.data.ndimension() == 4:
        mu = mu.view(mu.size(0), mu.size(1))
    if logvar.data.ndimension() == 4:
        logvar = logvar.view(logvar.size(0), logvar.size(1))
    klds = -0.5 * (1 + logvar - mu.pow(2) - logvar.exp())
    total_kld = klds.sum(1).mean()
    dimension_wise_kld = klds.mean(0)
    mean_kld = klds.mean()
    return total_kld, dimension_wise_kld, mean_kld


class DataGather(object):
    def __init__(self):
        self.data = self.get_empty_data_dict()

    def get_empty_data_dict(self):
        return dict(iter=[], recon_loss=[], total_kld=[], dim_wise_kld=[], mean_kld=[], mu=[], var=[], images=[],)

    def insert(self, **kwargs):
        for key in kwargs:
            self.data[key].append(kwargs[key])

    def flush(self):
        self.data = self.get_empty_data_dict()


class Solver(object):
    def __init__(self, args):
        self.use_cuda = args.cuda and torch.cuda.is_available()
        self.max_iter = args.max_iter
        self.global_iter = 0
        self.z_dim = args.z_dim
        self.beta = args.beta
        self.gamma = args.gamma
        self.C_max = args.C_max
        self.C_stop_iter = args.C_stop_iter
        self.objective = args.objective
        self.model = args.model
        self.lr = args.lr
        self.beta1 = args.beta1
        self.beta2 = args.beta2

        if args.dataset.lower() == 'dsprites':
            self.nc = 1
            self.decoder_dist = 'bernoulli'
        elif args.dataset.lower() == 'celeba':
            self.nc = 3
            self.decoder_dist = 'gaussian'
        else:
            raise NotImplementedError

        if args.model == 'H':
            net = BetaVAE_H
        elif args.model == 'B':
            net = BetaVAE_B
        else:
            raise NotImplementedError('only support model H or B')

        self.net = net(self.z_dim, self.nc)
        self.optim = optim.Adam(self.net.parameters(), lr=self.lr, betas=(self.beta1, self.beta2))
        self.dataset = args.dataset
        self.batch_size = args.batch_size
        g = torch.Generator().manual_seed(args.seed)
        images = torch.rand(6, self.nc, 64, 64, generator=g)
        if self.decoder_dist == 'bernoulli':
            images = (images > 0.7).float()
        self.data = images
        self.data_loader = torch.utils.data.DataLoader(images, batch_size=self.batch_size, shuffle=False)
        self.gather = DataGather()

    def net_mode(self, train):
        if not isinstance(train, bool):
            raise 'Only bool type is supported. True or False'
        if train:
            self.net.train()
        else:
            self.net.eval()

    def train(self):
        self.net_mode(train=True)
        self.C_max = Variable(torch.FloatTensor([self.C_max]))
        out = False
        while not out:
            for x in self.data_loader:
                self.global_iter += 1
                x = Variable(x)
                x_recon, mu, logvar = self.net(x)
                recon_loss = reconstruction_loss(x, x_recon, self.decoder_dist)
                total_kld, dim_wise_kld, mean_kld = kl_divergence(mu, logvar)

                if self.objective == 'H':
                    beta_vae_loss = recon_loss + self.beta * total_kld
                elif self.objective == 'B':
                    C = torch.clamp(self.C_max / self.C_stop_iter * self.global_iter, 0, self.C_max.data[0])
                    beta_vae_loss = recon_loss + self.gamma * (total_kld - C).abs()

                self.optim.zero_grad()
                beta_vae_loss.backward()
                self.optim.step()

                self.gather.insert(iter=self.global_iter, mu=mu.mean(0).data, var=logvar.exp().mean(0).data,
                                   recon_loss=recon_loss.data, total_kld=total_kld.data,
                                   dim_wise_kld=dim_wise_kld.data, mean_kld=mean_kld.data)
                print('[{}] recon_loss:{:.3f} total_kld:{:.3f} mean_kld:{:.3f}'.format(
                    self.global_iter, recon_loss.item(), total_kld.item(), mean_kld.item()))
                var = logvar.exp().mean(0).data
                var_str = ''
                for j, var_j in enumerate(var):
                    var_str += 'var{}:{:.4f} '.format(j + 1, var_j)
                print(var_str)
                if self.objective == 'B':
                    print('C:{:.3f}'.format(C.data[0]))

                if self.global_iter >= self.max_iter:
                    out = True
                    break
        print("[Training Finished]")

    def viz_lines(self):
        recon_losses = torch.stack(self.gather.data['recon_loss']).cpu()
        mus = torch.stack(self.gather.data['mu']).cpu()
        dim_wise_klds = torch.stack(self.gather.data['dim_wise_kld'])
        mean_klds = torch.stack(self.gather.data['mean_kld'])
        total_klds = torch.stack(self.gather.data['total_kld'])
        klds = torch.cat([dim_wise_klds, mean_klds.unsqueeze(1), total_klds.unsqueeze(1)], 1).cpu()
        iters = torch.Tensor(self.gather.data['iter'])
        legend = []
        for z_j in range(self.z_dim):
            legend.append('z_{}'.format(z_j))
        legend.append('mean')
        legend.append('total')
        print('lines:', tuple(recon_losses.shape), tuple(mus.shape), tuple(klds.shape), iters.tolist(), legend)

    def viz_traverse(self, limit=3, inter=2 / 3, loc=-1):
        self.net_mode(train=False)
        decoder = self.net.decoder
        encoder = self.net.encoder
        interpolation = torch.arange(-limit, limit + 0.1, inter)
        print('interpolation:', len(interpolation), [round(v, 3) for v in interpolation.tolist()])
        fixed_img = self.data[0]
        fixed_img = Variable(fixed_img, volatile=True).unsqueeze(0)
        with torch.no_grad():
            fixed_img_z = encoder(fixed_img)[:, :self.z_dim]
            random_z = Variable(torch.rand(1, self.z_dim), volatile=True)
            Z = {'fixed_img': fixed_img_z, 'random_z': random_z}
            gifs = []
            for key in Z.keys():
                z_ori = Z[key]
                samples = []
                for row in range(self.z_dim):
                    if loc != -1 and row != loc:
                        continue
                    z = z_ori.clone()
                    for val in interpolation:
                        z[:, row] = val
                        sample = F.sigmoid(decoder(z)).data
                        samples.append(sample)
                        gifs.append(sample)
                samples = torch.cat(samples, dim=0).cpu()
                print('{}: samples {} mean {:.4f}'.format(key, tuple(samples.shape), samples.mean().item()))
        gifs = torch.cat(gifs)
        gifs = gifs.view(len(Z), self.z_dim, len(interpolation), self.nc, 64, 64).transpose(1, 2)
        print('gifs:', tuple(gifs.shape))
        self.net_mode(train=True)


def str2bool(v):
    if v.lower() in ('yes', 'true', 't', 'y', '1'):
        return True
    elif v.lower() in ('no', 'false', 'f', 'n', '0'):
        return False
    else:
        raise argparse.ArgumentTypeError('Boolean value expected.')


parser = argparse.ArgumentParser(description='toy Beta-VAE')
parser.add_argument('--train', default=True, type=str2bool, help='train or traverse')
parser.add_argument('--seed', default=1, type=int, help='random seed')
parser.add_argument('--cuda', default=True, type=str2bool, help='enable cuda')
parser.add_argument('--max_iter', default=1e6, type=float, help='maximum training iteration')
parser.add_argument('--batch_size', default=64, type=int, help='batch size')
parser.add_argument('--z_dim', default=10, type=int, help='dimension of the representation z')
parser.add_argument('--beta', default=4, type=float, help='beta parameter for KL-term in original beta-VAE')
parser.add_argument('--objective', default='H', type=str, help='beta-vae objective proposed in Higgins et al. or Burgess et al. H/B')
parser.add_argument('--model', default='H', type=str, help='model proposed in Higgins et al. or Burgess et al. H/B')
parser.add_argument('--gamma', default=1000, type=float, help='gamma parameter for KL-term in understanding beta-VAE')
parser.add_argument('--C_max', default=25, type=float, help='capacity parameter(C) of bottleneck channel')
parser.add_argument('--C_stop_iter', default=1e5, type=float, help='when to stop increasing the capacity')
parser.add_argument('--lr', default=1e-4, type=float, help='learning rate')
parser.add_argument('--beta1', default=0.9, type=float, help='Adam optimizer beta1')
parser.add_argument('--beta2', default=0.999, type=float, help='Adam optimizer beta2')
parser.add_argument('--dataset', default='CelebA', type=str, help='dataset name')

for argv in (['--dataset', 'dsprites', '--seed', '1', '--lr', '5e-4', '--beta1', '0.9', '--beta2', '0.999',
              '--objective', 'B', '--model', 'B', '--batch_size', '2', '--z_dim', '4', '--max_iter', '3',
              '--C_stop_iter', '10', '--C_max', '20', '--gamma', '100', '--cuda', 'false'],
             ['--dataset', 'celeba', '--seed', '2', '--lr', '1e-4', '--objective', 'H', '--model', 'H',
              '--batch_size', '3', '--z_dim', '3', '--max_iter', '3', '--beta', '10', '--cuda', 'False']):
    args = parser.parse_args(argv)
    torch.manual_seed(args.seed)
    torch.cuda.manual_seed(args.seed)
    print(args)
    solver = Solver(args)
    print(type(solver.net).__name__, sum(p.numel() for p in solver.net.parameters()), solver.decoder_dist)
    solver.train()
    solver.viz_lines()
    solver.viz_traverse()

try:
    parser.parse_args(['--cuda', 'maybe'])
except SystemExit as e:
    print('SystemExit', e.code)
