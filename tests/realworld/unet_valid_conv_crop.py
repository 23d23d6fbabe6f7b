# Real-program corpus (tests/realworld, see README.md): jvanvugt/pytorch-unet, the configurable
# U-Net adapted from the PyTorch forum thread: down path of UNetConvBlocks with 2**(wf+i) filters
# and F.avg_pool2d, up path built over `reversed(range(depth - 1))`, valid (unpadded) convolutions
# whose skip connections are center-cropped (`layer[:, :, dy:dy + h, dx:dx + w]` with the target size
# taken from `up.shape[2:]`, a torch.Size slice), `padding=int(padding)`, optional BatchNorm2d after
# each ReLU, 'upconv' (ConvTranspose2d k2 s2) or 'upsample' (nn.Upsample bilinear + 1x1 conv) modes,
# and the README's training loop (Adam, F.cross_entropy over [N, C, H, W] logits and [N, H, W] class
# maps) with the label map center-cropped to the valid output.
# Origin: jvanvugt/pytorch-unet unet.py @ 00e358b08514e1505514ea72661052031373f021 and the README's
# usage example.
# Changes: a seeded synthetic segmentation set (bright discs on noise) instead of a data loader;
# depth 3 and wf 3 instead of the paper's 5 and 6; three configurations of 4 Adam steps each; the
# output/crop shapes and losses printed (4 decimals).
import torch
from torch import nn
import torch.nn.functional as F


class UNet(nn.Module):
    def __init__(self, in_channels=1, n_classes=2, depth=5, wf=6, padding=False,
                 batch_norm=False, up_mode='upconv'):
        """
        U-Net (Ronneberger et al., 2015); the default arguments give the paper's network.

        depth: depth of the network; wf: the first layer has 2**wf filters; padding: pad so that
        the output has the input's size; batch_norm: BatchNorm after each activation; up_mode:
        'upconv' (transposed convolutions) or 'upsample' (bilinear upsampling).
        """
        super(UNet, self).__init__()
        assert up_mode in ('upconv', 'upsample')
        self.padding = padding
        self.depth = depth
        prev_channels = in_channels
        self.down_path = nn.ModuleList()
        for i in range(depth):
            self.down_path.append(UNetConvBlock(prev_channels, 2**(wf+i),
                                                padding, batch_norm))
            prev_channels = 2**(wf+i)

        self.up_path = nn.ModuleList()
        for i in reversed(range(depth - 1)):
            self.up_path.append(UNetUpBlock(prev_channels, 2**(wf+i), up_mode,
                                            padding, batch_norm))
            prev_channels = 2**(wf+i)

        self.last = nn.Conv2d(prev_channels, n_classes, kernel_size=1)

    def forward(self, x):
        blocks = []
        for i, down in enumerate(self.down_path):
            x = down(x)
            if i != len(self.down_path)-1:
                blocks.append(x)
                x = F.avg_pool2d(x, 2)

        for i, up in enumerate(self.up_path):
            x = up(x, blocks[-i-1])

        return self.last(x)


class UNetConvBlock(nn.Module):
    def __init__(self, in_size, out_size, padding, batch_norm):
        super(UNetConvBlock, self).__init__()
        block = []

        block.append(nn.Conv2d(in_size, out_size, kernel_size=3,
                               padding=int(padding)))
        block.append(nn.ReLU())
        if batch_norm:
            block.append(nn.BatchNorm2d(out_size))

        block.append(nn.Conv2d(out_size, out_size, kernel_size=3,
                               padding=int(padding)))
        block.append(nn.ReLU())
        if batch_norm:
            block.append(nn.BatchNorm2d(out_size))

        self.block = nn.Sequential(*block)

    def forward(self, x):
        out = self.block(x)
        return out


class UNetUpBlock(nn.Module):
    def __init__(self, in_size, out_size, up_mode, padding, batch_norm):
        super(UNetUpBlock, self).__init__()
        if up_mode == 'upconv':
            self.up = nn.ConvTranspose2d(in_size, out_size, kernel_size=2,
                                         stride=2)
        elif up_mode == 'upsample':
            self.up = nn.Sequential(nn.Upsample(mode='bilinear', scale_factor=2),
                                    nn.Conv2d(in_size, out_size, kernel_size=1))

        self.conv_block = UNetConvBlock(in_size, out_size, padding, batch_norm)

    def center_crop(self, layer, target_size):
        _, _, layer_height, layer_width = layer.size()
        diff_y = (layer_height - target_size[0]) // 2
        diff_x = (layer_width - target_size[1]) // 2
        return layer[:, :, diff_y:(diff_y + target_size[0]), diff_x:(diff_x + target_size[1])]

    def forward(self, x, bridge):
        up = self.up(x)
        crop1 = self.center_crop(bridge, up.shape[2:])
        out = torch.cat([up, crop1], 1)
        out = self.conv_block(out)

        return out


def make_batch(n, size, gen):
    yy, xx = torch.meshgrid(torch.arange(size, dtype=torch.float32), torch.arange(size, dtype=torch.float32),
                            indexing='ij')
    X = torch.randn(n, 1, size, size, generator=gen) * 0.3
    y = torch.zeros(n, size, size, dtype=torch.long)
    for k in range(n):
        cy, cx = torch.randint(12, size - 12, (2,), generator=gen).tolist()
        r = 6 + int(torch.randint(0, 6, (1,), generator=gen))
        disc = (yy - cy) ** 2 + (xx - cx) ** 2 <= r * r
        X[k, 0][disc] += 1.0
        y[k][disc] = 1
    return X, y


def main():
    device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    gen = torch.Generator().manual_seed(11)
    batches = [make_batch(2, 60, gen) for _ in range(2)]
    print("positive pixels:", [int(y.sum()) for _, y in batches])

    configs = [dict(padding=False, up_mode='upconv'),
               dict(padding=True, up_mode='upsample'),
               dict(padding=False, batch_norm=True, up_mode='upsample')]
    for cfg in configs:
        torch.manual_seed(0)
        model = UNet(n_classes=2, depth=3, wf=3, **cfg).to(device)
        optim = torch.optim.Adam(model.parameters())
        print(cfg, "params", sum(p.numel() for p in model.parameters()),
              "up blocks", [type(b.up).__name__ for b in model.up_path])
        for step in range(4):
            X, y = batches[step % 2]
            X = X.to(device)  # [N, 1, H, W]
            y = y.to(device)  # [N, H, W] with class indices (0, 1)
            prediction = model(X)  # [N, 2, H', W']
            if prediction.shape[2:] != y.shape[1:]:
                y = UNetUpBlock.center_crop(None, y.unsqueeze(1), prediction.shape[2:]).squeeze(1)
            loss = F.cross_entropy(prediction, y)
            optim.zero_grad()
            loss.backward()
            optim.step()
            if step == 0:
                print("  output", tuple(prediction.shape), "target", tuple(y.shape))
            print("  step %d loss %.4f" % (step, loss.item()))
        model.eval()
        with torch.no_grad():
            pred = model(batches[0][0]).argmax(1)
        print("  eval foreground fraction %.3f" % pred.float().mean().item())
    try:
        UNet(up_mode='bilinear')
    except AssertionError as e:
        print("bad up_mode: AssertionError", repr(str(e)))


if __name__ == '__main__':
    main()
