# Real-program corpus (tests/realworld, see README.md): xinntao/ESRGAN (RRDBNet_arch.py, test.py, net_interp.py)
# @ 73e9b634cf987f5996ac2dd33f4050922398a921: ESRGAN's x4 super-resolution generator as test.py runs it and
# net_interp.py blends two of its checkpoints. RRDBNet (functools.partial block factory, make_layer's
# Sequential of Residual-in-Residual Dense Blocks with their growing torch.cat inputs and 0.2 residual
# scaling, two nearest F.interpolate x2 upsamplings with LeakyReLU), load_state_dict(strict=True) of a
# torch.save'd state dict, test.py's BGR->RGB channel flip img[:, :, [2, 1, 0]], HWC->CHW transpose,
# .data.squeeze().float().cpu().clamp_(0, 1).numpy() and the rounding back to 8-bit, and net_interp's
# OrderedDict of (1 - alpha) * PSNR + alpha * ESRGAN weights.
# Changes: RRDBNet_arch.py's body is verbatim (its imports at the top); test.py's cv2.imread/imwrite
# replaced by random uint8 BGR arrays and a checksum of the output; the two checkpoints are random
# initialisations saved to a temporary directory; nf=16, nb=2, gc=8 instead of 64/23/32 (the
# checkpoints' sizes); 2 images of 6x8; outputs rounded.
import functools
import os
import tempfile
from collections import OrderedDict

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

def make_layer(block, n_layers):
    layers = []
    for _ in range(n_layers):
        layers.append(block())
    return nn.Sequential(*layers)


class ResidualDenseBlock_5C(nn.Module):
    def __init__(self, nf=64, gc=32, bias=True):
        super(ResidualDenseBlock_5C, self).__init__()
        # gc: growth channel, i.e. intermediate channels
        self.conv1 = nn.Conv2d(nf, gc, 3, 1, 1, bias=bias)
        self.conv2 = nn.Conv2d(nf + gc, gc, 3, 1, 1, bias=bias)
        self.conv3 = nn.Conv2d(nf + 2 * gc, gc, 3, 1, 1, bias=bias)
        self.conv4 = nn.Conv2d(nf + 3 * gc, gc, 3, 1, 1, bias=bias)
        self.conv5 = nn.Conv2d(nf + 4 * gc, nf, 3, 1, 1, bias=bias)
        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

        # initialization
        # mutil.initialize_weights([self.conv1, self.conv2, self.conv3, self.conv4, self.conv5], 0.1)

    def forward(self, x):
        x1 = self.lrelu(self.conv1(x))
        x2 = self.lrelu(self.conv2(torch.cat((x, x1), 1)))
        x3 = self.lrelu(self.conv3(torch.cat((x, x1, x2), 1)))
        x4 = self.lrelu(self.conv4(torch.cat((x, x1, x2, x3), 1)))
        x5 = self.conv5(torch.cat((x, x1, x2, x3, x4), 1))
        return x5 * 0.2 + x


class RRDB(nn.Module):
    '''Residual in Residual Dense Block'''

    def __init__(self, nf, gc=32):
        super(RRDB, self).__init__()
        self.RDB1 = ResidualDenseBlock_5C(nf, gc)
        self.RDB2 = ResidualDenseBlock_5C(nf, gc)
        self.RDB3 = ResidualDenseBlock_5C(nf, gc)

    def forward(self, x):
        out = self.RDB1(x)
        out = self.RDB2(out)
        out = self.RDB3(out)
        return out * 0.2 + x


class RRDBNet(nn.Module):
    def __init__(self, in_nc, out_nc, nf, nb, gc=32):
        super(RRDBNet, self).__init__()
        RRDB_block_f = functools.partial(RRDB, nf=nf, gc=gc)

        self.conv_first = nn.Conv2d(in_nc, nf, 3, 1, 1, bias=True)
        self.RRDB_trunk = make_layer(RRDB_block_f, nb)
        self.trunk_conv = nn.Conv2d(nf, nf, 3, 1, 1, bias=True)
        #### upsampling
        self.upconv1 = nn.Conv2d(nf, nf, 3, 1, 1, bias=True)
        self.upconv2 = nn.Conv2d(nf, nf, 3, 1, 1, bias=True)
        self.HRconv = nn.Conv2d(nf, nf, 3, 1, 1, bias=True)
        self.conv_last = nn.Conv2d(nf, out_nc, 3, 1, 1, bias=True)

        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

    def forward(self, x):
        fea = self.conv_first(x)
        trunk = self.trunk_conv(self.RRDB_trunk(fea))
        fea = fea + trunk

        fea = self.lrelu(self.upconv1(F.interpolate(fea, scale_factor=2, mode='nearest')))
        fea = self.lrelu(self.upconv2(F.interpolate(fea, scale_factor=2, mode='nearest')))
        out = self.conv_last(self.lrelu(self.HRconv(fea)))

        return out


tmp = tempfile.mkdtemp()
torch.manual_seed(0)
torch.save(RRDBNet(3, 3, 16, 2, gc=8).state_dict(), os.path.join(tmp, 'RRDB_ESRGAN_x4.pth'))
torch.manual_seed(1)
torch.save(RRDBNet(3, 3, 16, 2, gc=8).state_dict(), os.path.join(tmp, 'RRDB_PSNR_x4.pth'))

# net_interp.py
alpha = 0.8
net_PSNR_path = os.path.join(tmp, 'RRDB_PSNR_x4.pth')
net_ESRGAN_path = os.path.join(tmp, 'RRDB_ESRGAN_x4.pth')
net_interp_path = os.path.join(tmp, 'interp_{:02d}.pth'.format(int(alpha*10)))

net_PSNR = torch.load(net_PSNR_path)
net_ESRGAN = torch.load(net_ESRGAN_path)
net_interp = OrderedDict()

print('Interpolating with alpha = ', alpha)

for k, v_PSNR in net_PSNR.items():
    v_ESRGAN = net_ESRGAN[k]
    net_interp[k] = (1 - alpha) * v_PSNR + alpha * v_ESRGAN

torch.save(net_interp, net_interp_path)
print(len(net_interp), list(net_interp)[:3])

# test.py
for model_path in (net_ESRGAN_path, net_interp_path):
    device = torch.device('cpu')
    model = RRDBNet(3, 3, 16, 2, gc=8)
    model.load_state_dict(torch.load(model_path), strict=True)
    model.eval()
    model = model.to(device)

    print('Model path {:s}. \nTesting...'.format(os.path.basename(model_path)))

    rng = np.random.RandomState(0)
    idx = 0
    for base in ('baboon', 'comic'):
        idx += 1
        print(idx, base)
        # read images
        img = rng.randint(0, 256, size=(6, 8, 3)).astype(np.uint8)
        img = img * 1.0 / 255
        img = torch.from_numpy(np.transpose(img[:, :, [2, 1, 0]], (2, 0, 1))).float()
        img_LR = img.unsqueeze(0)
        img_LR = img_LR.to(device)

        with torch.no_grad():
            output = model(img_LR).data.squeeze().float().cpu().clamp_(0, 1).numpy()
        output = np.transpose(output[[2, 1, 0], :, :], (1, 2, 0))
        output = (output * 255.0).round()
        print(output.shape, output.dtype, '%.2f' % output.mean(), output.min(), output.max() <= 255)
