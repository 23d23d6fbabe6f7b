# Real-program corpus (tests/realworld, see README.md): denoising diffusion with a small U-Net in the
# shape of dome272/Diffusion-Models-pytorch (modules.py, ddpm.py, ddpm_conditional.py, utils.py):
# a Diffusion class with a linspace beta schedule and cumprod alphas, noise_images indexing
# alpha_hat[t] with `[:, None, None, None]` and a non-ASCII identifier (Ɛ), a U-Net whose self-attention
# blocks reshape with view/swapaxes around nn.MultiheadAttention(batch_first=True) and
# nn.LayerNorm([channels]), DoubleConv with GroupNorm(1, c) and a residual F.gelu, Down/Up blocks adding
# a SiLU+Linear time embedding through `[:, :, None, None].repeat(...)`, bilinear nn.Upsample with
# align_corners, sinusoidal positional encodings of the timestep, class conditioning through an
# nn.Embedding added in place to the time encoding, a 10% unconditional drop with np.random, the EMA
# helper (copy.deepcopy(model).eval().requires_grad_(False), load_state_dict warm-up, `.data`
# reassignment), classifier-free guidance with torch.lerp, the reverse sampling loop under tqdm
# over reversed(range(...)), clamp/uint8 conversion, torchvision.utils.make_grid, and
# logging.basicConfig with a datefmt.
# Origin: dome272/Diffusion-Models-pytorch modules.py, ddpm.py, ddpm_conditional.py, utils.py @
# be352208d0576039fec061238c0e4385a562a2d4.
# Written for Kiln, not copied. Changes: random 16x16 images and labels instead of an ImageFolder of
# landscapes/CIFAR-10 (no PIL, no files written); channel widths divided by 8 and attention sizes for
# 16x16 inputs; 20 noise steps instead of 1000; one epoch of 3 batches of 4; EMA warm-up of 2 steps
# instead of 2000; no tensorboard SummaryWriter and no checkpoint files; device "cpu".
import copy
import logging

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torchvision
from torch import optim
from tqdm import tqdm

logging.basicConfig(format="%(asctime)s - %(levelname)s: %(message)s", level=logging.INFO, datefmt="%I:%M:%S")


# ---- modules.py ----
class EMA:
    def __init__(self, beta):
        super().__init__()
        self.beta = beta
        self.step = 0

    def update_model_average(self, ma_model, current_model):
        for current_params, ma_params in zip(current_model.parameters(), ma_model.parameters()):
            old_weight, up_weight = ma_params.data, current_params.data
            ma_params.data = self.update_average(old_weight, up_weight)

    def update_average(self, old, new):
        if old is None:
            return new
        return old * self.beta + (1 - self.beta) * new

    def step_ema(self, ema_model, model, step_start_ema=2):
        if self.step < step_start_ema:
            self.reset_parameters(ema_model, model)
            self.step += 1
            return
        self.update_model_average(ema_model, model)
        self.step += 1

    def reset_parameters(self, ema_model, model):
        ema_model.load_state_dict(model.state_dict())


class SelfAttention(nn.Module):
    def __init__(self, channels, size):
        super(SelfAttention, self).__init__()
        self.channels = channels
        self.size = size
        self.mha = nn.MultiheadAttention(channels, 4, batch_first=True)
        self.ln = nn.LayerNorm([channels])
        self.ff_self = nn.Sequential(
            nn.LayerNorm([channels]),
            nn.Linear(channels, channels),
            nn.GELU(),
            nn.Linear(channels, channels),
        )

    def forward(self, x):
        x = x.view(-1, self.channels, self.size * self.size).swapaxes(1, 2)
        x_ln = self.ln(x)
        attention_value, _ = self.mha(x_ln, x_ln, x_ln)
        attention_value = attention_value + x
        attention_value = self.ff_self(attention_value) + attention_value
        return attention_value.swapaxes(2, 1).view(-1, self.channels, self.size, self.size)


class DoubleConv(nn.Module):
    def __init__(self, in_channels, out_channels, mid_channels=None, residual=False):
        super().__init__()
        self.residual = residual
        if not mid_channels:
            mid_channels = out_channels
        self.double_conv = nn.Sequential(
            nn.Conv2d(in_channels, mid_channels, kernel_size=3, padding=1, bias=False),
            nn.GroupNorm(1, mid_channels),
            nn.GELU(),
            nn.Conv2d(mid_channels, out_channels, kernel_size=3, padding=1, bias=False),
            nn.GroupNorm(1, out_channels),
        )

    def forward(self, x):
        if self.residual:
            return F.gelu(x + self.double_conv(x))
        return self.double_conv(x)


class Down(nn.Module):
    def __init__(self, in_channels, out_channels, emb_dim=32):
        super().__init__()
        self.maxpool_conv = nn.Sequential(
            nn.MaxPool2d(2),
            DoubleConv(in_channels, in_channels, residual=True),
            DoubleConv(in_channels, out_channels),
        )
        self.emb_layer = nn.Sequential(nn.SiLU(), nn.Linear(emb_dim, out_channels))

    def forward(self, x, t):
        x = self.maxpool_conv(x)
        emb = self.emb_layer(t)[:, :, None, None].repeat(1, 1, x.shape[-2], x.shape[-1])
        return x + emb


class Up(nn.Module):
    def __init__(self, in_channels, out_channels, emb_dim=32):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="bilinear", align_corners=True)
        self.conv = nn.Sequential(
            DoubleConv(in_channels, in_channels, residual=True),
            DoubleConv(in_channels, out_channels, in_channels // 2),
        )
        self.emb_layer = nn.Sequential(nn.SiLU(), nn.Linear(emb_dim, out_channels))

    def forward(self, x, skip_x, t):
        x = self.up(x)
        x = torch.cat([skip_x, x], dim=1)
        x = self.conv(x)
        emb = self.emb_layer(t)[:, :, None, None].repeat(1, 1, x.shape[-2], x.shape[-1])
        return x + emb


class UNet_conditional(nn.Module):
    def __init__(self, c_in=3, c_out=3, time_dim=32, num_classes=None, device="cpu"):
        super().__init__()
        self.device = device
        self.time_dim = time_dim
        self.inc = DoubleConv(c_in, 8)
        self.down1 = Down(8, 16)
        self.sa1 = SelfAttention(16, 8)
        self.down2 = Down(16, 32)
        self.sa2 = SelfAttention(32, 4)
        self.down3 = Down(32, 32)
        self.sa3 = SelfAttention(32, 2)
        self.bot1 = DoubleConv(32, 64)
        self.bot2 = DoubleConv(64, 64)
        self.bot3 = DoubleConv(64, 32)
        self.up1 = Up(64, 16)
        self.sa4 = SelfAttention(16, 4)
        self.up2 = Up(32, 8)
        self.sa5 = SelfAttention(8, 8)
        self.up3 = Up(16, 8)
        self.sa6 = SelfAttention(8, 16)
        self.outc = nn.Conv2d(8, c_out, kernel_size=1)
        if num_classes is not None:
            self.label_emb = nn.Embedding(num_classes, time_dim)

    def pos_encoding(self, t, channels):
        inv_freq = 1.0 / (10000 ** (torch.arange(0, channels, 2, device=self.device).float() / channels))
        pos_enc_a = torch.sin(t.repeat(1, channels // 2) * inv_freq)
        pos_enc_b = torch.cos(t.repeat(1, channels // 2) * inv_freq)
        return torch.cat([pos_enc_a, pos_enc_b], dim=-1)

    def forward(self, x, t, y):
        t = t.unsqueeze(-1).type(torch.float)
        t = self.pos_encoding(t, self.time_dim)
        if y is not None:
            t += self.label_emb(y)
        x1 = self.inc(x)
        x2 = self.sa1(self.down1(x1, t))
        x3 = self.sa2(self.down2(x2, t))
        x4 = self.sa3(self.down3(x3, t))
        x4 = self.bot3(self.bot2(self.bot1(x4)))
        x = self.sa4(self.up1(x4, x3, t))
        x = self.sa5(self.up2(x, x2, t))
        x = self.sa6(self.up3(x, x1, t))
        return self.outc(x)


# ---- ddpm_conditional.py ----
class Diffusion:
    def __init__(self, noise_steps=1000, beta_start=1e-4, beta_end=0.02, img_size=256, device="cuda"):
        self.noise_steps = noise_steps
        self.beta_start = beta_start
        self.beta_end = beta_end
        self.beta = self.prepare_noise_schedule().to(device)
        self.alpha = 1. - self.beta
        self.alpha_hat = torch.cumprod(self.alpha, dim=0)
        self.img_size = img_size
        self.device = device

    def prepare_noise_schedule(self):
        return torch.linspace(self.beta_start, self.beta_end, self.noise_steps)

    def noise_images(self, x, t):
        sqrt_alpha_hat = torch.sqrt(self.alpha_hat[t])[:, None, None, None]
        sqrt_one_minus_alpha_hat = torch.sqrt(1 - self.alpha_hat[t])[:, None, None, None]
        Ɛ = torch.randn_like(x)
        return sqrt_alpha_hat * x + sqrt_one_minus_alpha_hat * Ɛ, Ɛ

    def sample_timesteps(self, n):
        return torch.randint(low=1, high=self.noise_steps, size=(n,))

    def sample(self, model, n, labels, cfg_scale=3):
        logging.info(f"Sampling {n} new images....")
        model.eval()
        with torch.no_grad():
            x = torch.randn((n, 3, self.img_size, self.img_size)).to(self.device)
            for i in tqdm(reversed(range(1, self.noise_steps)), position=0):
                t = (torch.ones(n) * i).long().to(self.device)
                predicted_noise = model(x, t, labels)
                if cfg_scale > 0:
                    uncond_predicted_noise = model(x, t, None)
                    predicted_noise = torch.lerp(uncond_predicted_noise, predicted_noise, cfg_scale)
                alpha = self.alpha[t][:, None, None, None]
                alpha_hat = self.alpha_hat[t][:, None, None, None]
                beta = self.beta[t][:, None, None, None]
                if i > 1:
                    noise = torch.randn_like(x)
                else:
                    noise = torch.zeros_like(x)
                x = 1 / torch.sqrt(alpha) * (x - ((1 - alpha) / (torch.sqrt(1 - alpha_hat))) * predicted_noise) + torch.sqrt(beta) * noise
        model.train()
        x = (x.clamp(-1, 1) + 1) / 2
        x = (x * 255).type(torch.uint8)
        return x


def get_data(args):
    g = torch.Generator().manual_seed(1)
    images = torch.rand(12, 3, args.image_size, args.image_size, generator=g) * 2 - 1
    labels = torch.randint(0, args.num_classes, (12,), generator=g)
    dataset = torch.utils.data.TensorDataset(images, labels)
    return torch.utils.data.DataLoader(dataset, batch_size=args.batch_size, shuffle=True)


def train(args):
    device = args.device
    dataloader = get_data(args)
    model = UNet_conditional(num_classes=args.num_classes).to(device)
    optimizer = optim.AdamW(model.parameters(), lr=args.lr)
    mse = nn.MSELoss()
    diffusion = Diffusion(noise_steps=args.noise_steps, img_size=args.image_size, device=device)
    l = len(dataloader)
    ema = EMA(0.995)
    ema_model = copy.deepcopy(model).eval().requires_grad_(False)
    print("parameters:", sum([p.numel() for p in model.parameters()]))
    print("ema requires grad:", any(p.requires_grad for p in ema_model.parameters()), ema_model.training)

    for epoch in range(args.epochs):
        logging.info(f"Starting epoch {epoch}:")
        pbar = tqdm(dataloader)
        for i, (images, labels) in enumerate(pbar):
            images = images.to(device)
            labels = labels.to(device)
            t = diffusion.sample_timesteps(images.shape[0]).to(device)
            x_t, noise = diffusion.noise_images(images, t)
            if np.random.random() < 0.1:
                labels = None
            predicted_noise = model(x_t, t, labels)
            loss = mse(noise, predicted_noise)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            ema.step_ema(ema_model, model)
            pbar.set_postfix(MSE=loss.item())
            print(f"epoch {epoch} step {epoch * l + i} conditional={labels is not None} MSE {loss.item():.4f}")

        labels = torch.arange(args.num_classes).long().to(device)
        sampled_images = diffusion.sample(model, n=len(labels), labels=labels)
        ema_sampled_images = diffusion.sample(ema_model, n=len(labels), labels=labels)
        grid = torchvision.utils.make_grid(sampled_images)
        ndarr = grid.permute(1, 2, 0).to('cpu').numpy()
        print("samples", tuple(sampled_images.shape), sampled_images.dtype, "grid", ndarr.shape, ndarr.dtype)
        print("ema samples", tuple(ema_sampled_images.shape), int(ema_sampled_images.min()) >= 0)

    same = all(torch.equal(a, b) for a, b in zip(model.parameters(), ema_model.parameters()))
    print("ema differs from model after averaging:", not same)


def launch():
    import argparse
    parser = argparse.ArgumentParser()
    args = parser.parse_args([])
    args.run_name = "DDPM_conditional"
    args.epochs = 1
    args.batch_size = 4
    args.image_size = 16
    args.num_classes = 4
    args.noise_steps = 20
    args.device = "cpu"
    args.lr = 3e-4
    train(args)


if __name__ == '__main__':
    torch.manual_seed(0)
    np.random.seed(0)
    launch()
    diffusion = Diffusion(noise_steps=20, img_size=16, device="cpu")
    image = torch.rand(1, 3, 16, 16) * 2 - 1
    t = torch.Tensor([1, 5, 10, 19]).long()
    noised_image, _ = diffusion.noise_images(image, t)
    print("noised", tuple(noised_image.shape), [round(v, 4) for v in diffusion.alpha_hat[t].tolist()])
