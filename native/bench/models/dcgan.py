# The DCGAN of pytorch/examples (dcgan/main.py: the Generator's ConvTranspose2d / BatchNorm2d / ReLU
# stack from a 100-long noise vector to a 3x64x64 Tanh image, the Discriminator's Conv2d / BatchNorm2d /
# LeakyReLU(0.2) stack to one Sigmoid probability viewed as (-1, 1) and squeezed, weights_init's
# N(0, 0.02) convolutions and N(1, 0.02) BatchNorm scales, BCELoss, two Adam optimizers with lr 2e-4 and
# betas (0.5, 0.999)), built the way that file builds it, with its defaults (batch 64, image 64, nz 100,
# ngf = ndf = 64). Timed: sampling (the generator in eval mode, no_grad) and main.py's training
# iteration: D on a real batch and on G's fakes (detached), D's step, then G through D with real
# labels and G's step; compiled as torch.compile of each network.
#
# Sizes: batch 64 on the GPU, 8 on the CPU; --small: batch 2, ngf = ndf = 8.
#   kiln dcgan.py [--small] [--threads N] [--device cpu|cuda]  /  python3 dcgan.py ...   (see common.py)
import sys

import torch
import torch.nn as nn
import torch.optim as optim

import common

nz, nc = 100, 3


def weights_init(m):
    classname = m.__class__.__name__
    if classname.find('Conv') != -1:
        torch.nn.init.normal_(m.weight, 0.0, 0.02)
    elif classname.find('BatchNorm') != -1:
        torch.nn.init.normal_(m.weight, 1.0, 0.02)
        torch.nn.init.zeros_(m.bias)


class Generator(nn.Module):
    def __init__(self, ngf):
        super(Generator, self).__init__()
        self.main = nn.Sequential(
            # nz -> (ngf*8) x 4 x 4
            nn.ConvTranspose2d(nz, ngf * 8, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ngf * 8),
            nn.ReLU(True),
            # -> (ngf*4) x 8 x 8
            nn.ConvTranspose2d(ngf * 8, ngf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf * 4),
            nn.ReLU(True),
            # -> (ngf*2) x 16 x 16
            nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf * 2),
            nn.ReLU(True),
            # -> ngf x 32 x 32
            nn.ConvTranspose2d(ngf * 2, ngf, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf),
            nn.ReLU(True),
            # -> nc x 64 x 64
            nn.ConvTranspose2d(ngf, nc, 4, 2, 1, bias=False),
            nn.Tanh()
        )

    def forward(self, input):
        return self.main(input)


class Discriminator(nn.Module):
    def __init__(self, ndf):
        super(Discriminator, self).__init__()
        self.main = nn.Sequential(
            # nc x 64 x 64 -> ndf x 32 x 32
            nn.Conv2d(nc, ndf, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            # -> (ndf*2) x 16 x 16
            nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 2),
            nn.LeakyReLU(0.2, inplace=True),
            # -> (ndf*4) x 8 x 8
            nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 4),
            nn.LeakyReLU(0.2, inplace=True),
            # -> (ndf*8) x 4 x 4
            nn.Conv2d(ndf * 4, ndf * 8, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 8),
            nn.LeakyReLU(0.2, inplace=True),
            # -> 1 x 1 x 1
            nn.Conv2d(ndf * 8, 1, 4, 1, 0, bias=False),
            nn.Sigmoid()
        )

    def forward(self, input):
        output = self.main(input)
        return output.view(-1, 1).squeeze(1)


def main():
    opts = common.setup(sys.argv)
    dev = opts["device"]
    if opts["small"]:
        batch, width = 2, 8
    else:
        batch, width = (64 if dev == "cuda" else 8), 64
    torch.manual_seed(1)
    # a real batch as the example's transforms leave it (Normalize((0.5,)*3, (0.5,)*3): values in [-1, 1])
    real = (torch.rand(batch, nc, 64, 64) * 2 - 1).to(dev)
    noise = torch.randn(batch, nz, 1, 1).to(dev)
    real_label, fake_label = 1., 0.

    def make_nets():
        torch.manual_seed(0)
        netG = Generator(width).to(dev)
        netG.apply(weights_init)
        netD = Discriminator(width).to(dev)
        netD.apply(weights_init)
        return netG, netD

    def make_forward():
        netG, _ = make_nets()
        netG.eval()
        return netG, (noise,)

    def make_train(compiled, mode):
        netG, netD = make_nets()
        criterion = nn.BCELoss()
        optimizerD = optim.Adam(netD.parameters(), lr=0.0002, betas=(0.5, 0.999))
        optimizerG = optim.Adam(netG.parameters(), lr=0.0002, betas=(0.5, 0.999))
        G = torch.compile(netG, mode=mode) if compiled else netG
        D = torch.compile(netD, mode=mode) if compiled else netD

        def step():
            # (1) D: maximize log(D(x)) + log(1 - D(G(z)))
            netD.zero_grad()
            label = torch.full((batch,), real_label, dtype=real.dtype, device=dev)
            output = D(real)
            errD_real = criterion(output, label)
            errD_real.backward()
            fake = G(noise)
            label.fill_(fake_label)
            output = D(fake.detach())
            errD_fake = criterion(output, label)
            errD_fake.backward()
            errD = errD_real + errD_fake
            optimizerD.step()
            # (2) G: maximize log(D(G(z)))
            netG.zero_grad()
            label.fill_(real_label)
            output = D(fake)
            errG = criterion(output, label)
            errG.backward()
            optimizerG.step()
            return (errD + errG).detach()

        def flop_call():
            # the step's forwards: G once, D three times (its backwards: the suite's 3x)
            fake = netG(noise)
            netD(real)
            netD(fake)
            return netD(fake)

        return step, nn.ModuleList([netG, netD]), flop_call

    label = "64x64_b%d" % batch
    common.guarded(opts, "dcgan", "forward", lambda: common.run_forward(opts, "dcgan", "forward_G_" + label, make_forward))
    common.guarded(opts, "dcgan", "train", lambda: common.run_train(opts, "dcgan", "train_adam_" + label, make_train,
                                                                    False))


if __name__ == "__main__":  # profile_model.py imports the Generator
    main()
