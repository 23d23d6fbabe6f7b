# Real-program corpus (tests/realworld, see README.md): a StarGAN-style multi-domain image translation
# GAN trained with the WGAN-GP gradient penalty: a label-conditioned generator (domain labels tiled as
# extra input channels, InstanceNorm2d(affine, track_running_stats) residual blocks, ConvTranspose2d
# up-sampling), a PatchGAN discriminator with a source head and a domain-classification head, the
# solver's label2onehot / classification_loss / gradient_penalty (torch.autograd.grad with
# create_graph=True through the convolutions, then backward: a double backward), n_critic D steps per
# G step with adversarial, classification and L1 reconstruction losses, linear learning-rate decay,
# and restore_model's torch.load(..., map_location=lambda storage, loc: storage). The workflow of
# yunjey/stargan model.py, solver.py, main.py @ 94dd002e93a2863d9b987a937b85925b80f7a19f. Written for
# Kiln, not copied; random 16x16 images in three domains instead of RaFD, small widths.
import argparse
import io

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.main = nn.Sequential(
            nn.Conv2d(dim, dim, 3, 1, 1, bias=False), nn.InstanceNorm2d(dim, affine=True, track_running_stats=True),
            nn.ReLU(inplace=True),
            nn.Conv2d(dim, dim, 3, 1, 1, bias=False), nn.InstanceNorm2d(dim, affine=True, track_running_stats=True))

    def forward(self, x):
        return x + self.main(x)


class Generator(nn.Module):
    def __init__(self, conv_dim, c_dim, repeat_num):
        super().__init__()
        layers = [nn.Conv2d(3 + c_dim, conv_dim, 7, 1, 3, bias=False),
                  nn.InstanceNorm2d(conv_dim, affine=True, track_running_stats=True), nn.ReLU(inplace=True)]
        dim = conv_dim
        for _ in range(2):
            layers += [nn.Conv2d(dim, dim * 2, 4, 2, 1, bias=False),
                       nn.InstanceNorm2d(dim * 2, affine=True, track_running_stats=True), nn.ReLU(inplace=True)]
            dim *= 2
        layers += [ResidualBlock(dim) for _ in range(repeat_num)]
        for _ in range(2):
            layers += [nn.ConvTranspose2d(dim, dim // 2, 4, 2, 1, bias=False),
                       nn.InstanceNorm2d(dim // 2, affine=True, track_running_stats=True), nn.ReLU(inplace=True)]
            dim //= 2
        layers += [nn.Conv2d(dim, 3, 7, 1, 3, bias=False), nn.Tanh()]
        self.main = nn.Sequential(*layers)

    def forward(self, x, c):
        c = c.view(c.size(0), c.size(1), 1, 1).repeat(1, 1, x.size(2), x.size(3))
        return self.main(torch.cat([x, c], dim=1))


class Discriminator(nn.Module):
    def __init__(self, image_size, conv_dim, c_dim, repeat_num):
        super().__init__()
        layers = [nn.Conv2d(3, conv_dim, 4, 2, 1), nn.LeakyReLU(0.01)]
        dim = conv_dim
        for _ in range(1, repeat_num):
            layers += [nn.Conv2d(dim, dim * 2, 4, 2, 1), nn.LeakyReLU(0.01)]
            dim *= 2
        kernel_size = image_size // 2 ** repeat_num
        self.main = nn.Sequential(*layers)
        self.conv_src = nn.Conv2d(dim, 1, 3, 1, 1, bias=False)
        self.conv_cls = nn.Conv2d(dim, c_dim, kernel_size, bias=False)

    def forward(self, x):
        h = self.main(x)
        return self.conv_src(h), self.conv_cls(h).view(h.size(0), -1)


def label2onehot(labels, dim):
    out = torch.zeros(labels.size(0), dim)
    out[torch.arange(labels.size(0)), labels.long()] = 1
    return out


def gradient_penalty(y, x):
    # (||dy/dx||_2 - 1)^2, the gradient taken with create_graph so that the penalty trains D
    weight = torch.ones(y.size())
    dydx = torch.autograd.grad(outputs=y, inputs=x, grad_outputs=weight, retain_graph=True, create_graph=True,
                               only_inputs=True)[0]
    dydx = dydx.view(dydx.size(0), -1)
    dydx_l2norm = torch.sqrt(torch.sum(dydx ** 2, dim=1))
    return torch.mean((dydx_l2norm - 1) ** 2)


def denorm(x):
    return ((x + 1) / 2).clamp_(0, 1)


parser = argparse.ArgumentParser()
parser.add_argument('--c_dim', type=int, default=5)
parser.add_argument('--image_size', type=int, default=128)
parser.add_argument('--g_conv_dim', type=int, default=64)
parser.add_argument('--d_conv_dim', type=int, default=64)
parser.add_argument('--g_repeat_num', type=int, default=6)
parser.add_argument('--d_repeat_num', type=int, default=6)
parser.add_argument('--lambda_cls', type=float, default=1)
parser.add_argument('--lambda_rec', type=float, default=10)
parser.add_argument('--lambda_gp', type=float, default=10)
parser.add_argument('--batch_size', type=int, default=16)
parser.add_argument('--num_iters', type=int, default=200000)
parser.add_argument('--num_iters_decay', type=int, default=100000)
parser.add_argument('--g_lr', type=float, default=0.0001)
parser.add_argument('--d_lr', type=float, default=0.0001)
parser.add_argument('--n_critic', type=int, default=5)
parser.add_argument('--beta1', type=float, default=0.5)
parser.add_argument('--beta2', type=float, default=0.999)
parser.add_argument('--log_step', type=int, default=10)
parser.add_argument('--lr_update_step', type=int, default=1000)
config = parser.parse_args(['--c_dim', '3', '--image_size', '16', '--g_conv_dim', '4', '--d_conv_dim', '4',
                            '--g_repeat_num', '1', '--d_repeat_num', '3', '--batch_size', '4', '--num_iters', '6',
                            '--num_iters_decay', '3', '--n_critic', '2', '--log_step', '2', '--lr_update_step', '2'])
print(config)

torch.manual_seed(0)
G = Generator(config.g_conv_dim, config.c_dim, config.g_repeat_num)
D = Discriminator(config.image_size, config.d_conv_dim, config.c_dim, config.d_repeat_num)
g_optimizer = torch.optim.Adam(G.parameters(), config.g_lr, [config.beta1, config.beta2])
d_optimizer = torch.optim.Adam(D.parameters(), config.d_lr, [config.beta1, config.beta2])
for name, model in [('G', G), ('D', D)]:
    print(name, 'parameters:', sum(p.numel() for p in model.parameters()))

images = torch.rand(12, 3, config.image_size, config.image_size) * 2 - 1
domains = torch.arange(12) % config.c_dim
g_lr, d_lr = config.g_lr, config.d_lr
for i in range(config.num_iters):
    idx = torch.randperm(12)[:config.batch_size]
    x_real, label_org = images[idx], domains[idx]
    label_trg = label_org[torch.randperm(label_org.size(0))]
    c_org, c_trg = label2onehot(label_org, config.c_dim), label2onehot(label_trg, config.c_dim)

    # discriminator: real/fake adversarial terms, domain classification, gradient penalty
    out_src, out_cls = D(x_real)
    d_loss_real = -torch.mean(out_src)
    d_loss_cls = F.cross_entropy(out_cls, label_org)
    x_fake = G(x_real, c_trg)
    out_src, out_cls = D(x_fake.detach())
    d_loss_fake = torch.mean(out_src)
    alpha = torch.rand(x_real.size(0), 1, 1, 1)
    x_hat = (alpha * x_real.data + (1 - alpha) * x_fake.data).requires_grad_(True)
    out_src, _ = D(x_hat)
    d_loss_gp = gradient_penalty(out_src, x_hat)
    d_loss = d_loss_real + d_loss_fake + config.lambda_cls * d_loss_cls + config.lambda_gp * d_loss_gp
    g_optimizer.zero_grad()
    d_optimizer.zero_grad()
    d_loss.backward()
    d_optimizer.step()
    loss = {'D/loss_real': d_loss_real.item(), 'D/loss_fake': d_loss_fake.item(), 'D/loss_cls': d_loss_cls.item(),
            'D/loss_gp': d_loss_gp.item()}

    # generator every n_critic steps: fool D, be classified as the target, reconstruct the input
    if (i + 1) % config.n_critic == 0:
        x_fake = G(x_real, c_trg)
        out_src, out_cls = D(x_fake)
        g_loss_fake = -torch.mean(out_src)
        g_loss_cls = F.cross_entropy(out_cls, label_trg)
        x_reconst = G(x_fake, c_org)
        g_loss_rec = torch.mean(torch.abs(x_real - x_reconst))
        g_loss = g_loss_fake + config.lambda_rec * g_loss_rec + config.lambda_cls * g_loss_cls
        g_optimizer.zero_grad()
        d_optimizer.zero_grad()
        g_loss.backward()
        g_optimizer.step()
        loss['G/loss_fake'] = g_loss_fake.item()
        loss['G/loss_rec'] = g_loss_rec.item()
        loss['G/loss_cls'] = g_loss_cls.item()

    if (i + 1) % config.log_step == 0:
        log = "Iteration [{}/{}]".format(i + 1, config.num_iters)
        for tag, value in loss.items():
            log += ", {}: {:.4f}".format(tag, value)
        print(log)

    if (i + 1) % config.lr_update_step == 0 and (i + 1) > (config.num_iters - config.num_iters_decay):
        g_lr -= (config.g_lr / float(config.num_iters_decay))
        d_lr -= (config.d_lr / float(config.num_iters_decay))
        for param_group in g_optimizer.param_groups:
            param_group['lr'] = g_lr
        for param_group in d_optimizer.param_groups:
            param_group['lr'] = d_lr
        print('Decayed learning rates, g_lr: {}, d_lr: {}.'.format(g_lr, d_lr))

# save and restore as solver.restore_model does, then translate one image into every domain
buffers = {}
for name, model in [('G', G), ('D', D)]:
    buffers[name] = io.BytesIO()
    torch.save(model.state_dict(), buffers[name])
G2 = Generator(config.g_conv_dim, config.c_dim, config.g_repeat_num)
buffers['G'].seek(0)
G2.load_state_dict(torch.load(buffers['G'], map_location=lambda storage, loc: storage))
G.eval()
G2.eval()
with torch.no_grad():
    x = images[:1]
    fakes = [x] + [G2(x, label2onehot(torch.tensor([c]), config.c_dim)) for c in range(config.c_dim)]
    grid = torch.cat(fakes, dim=3)
    print(tuple(grid.shape), torch.allclose(G(x, label2onehot(torch.tensor([1]), config.c_dim)), fakes[2]))
    print('denorm range', f'{denorm(grid).min().item():.4f}', f'{denorm(grid).max().item():.4f}')
    print('running stats', [round(v, 4) for v in G2.main[1].running_mean[:3].tolist()])
