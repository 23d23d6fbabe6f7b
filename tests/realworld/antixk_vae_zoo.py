# Real-program corpus (tests/realworld, see README.md): AntixK/PyTorch-VAE, a zoo of VAE variants
# sharing one base class: `from .types_ import *` style typing (List/Any and `Tensor =
# TypeVar('torch.tensor')` used in annotations), BaseVAE with abc.abstractmethod methods on an
# nn.Module, conv encoders built from a hidden_dims list (reversed in place for the decoder),
# ConvTranspose2d(output_padding=1) decoders, `loss_function(*args, **kwargs)` reading args[0..n] and
# kwargs['M_N'], VanillaVAE and BetaVAE (KL with mean over the batch), WAE-MMD with the inverse
# multi-quadratic and RBF kernels (expand to N x N x D, kernel.diag(), `torch.tensor(x1.size(1))`),
# VQ-VAE's VectorQuantizer (argmin distances, scatter_ one-hot, straight-through detach, permute +
# contiguous) and ResidualLayer(nn.ReLU(True)), IWAE's sample-repeat/permute (its decode's
# `z.view(-1, D)` of latents laid out like the permuted mu, and its `torch.log(2.0 * math.pi)` on a
# Python float: errors in PyTorch 2.11, caught and printed here),
# the experiment's training step with Adam, and sampling/generation.
# Origin: AntixK/PyTorch-VAE models/base.py @ 0bc1a40a759b63909cdc7730a99eb55aac7b0d4a,
# models/types_.py @ 09c445102360f139bd14822d1475080757e4ae08, models/vanilla_vae.py @
# 2946d7a0b9e31eb023ca60f8793656fe97cc198a, models/beta_vae.py @ 291a37d9fe92de7d781575163f2cf6453951f652,
# models/wae_mmd.py @ 20c4dfa73dfc36f42970ccc334a42f37ffe08dcc, models/vq_vae.py @
# 330681d5b01126be50ee4d64433252591e50452e, models/iwae.py @ 22e9eb4619870b69da1326f90a32888be3ae5f52;
# experiment.py's VAEXperiment.training_step (PyTorch Lightning) as a plain loop.
# Changes: the models package flattened into one file (the relative `.types_` import inlined); CelebA
# 64x64 replaced by seeded random images in [-1, 1]; batch 4, latent 16 (VQ-VAE: 8 codes of dim 16),
# two Adam steps per model instead of Lightning epochs; the first losses printed with 4 decimals and the
# post-step ones with 3 significant digits; `current_device` is 'cpu'.
import math
from abc import abstractmethod
from typing import List, Callable, Union, Any, TypeVar

import torch
from torch import nn
from torch.nn import functional as F

Tensor = TypeVar('torch.tensor')


# ---- models/base.py ----

class BaseVAE(nn.Module):

    def __init__(self) -> None:
        super(BaseVAE, self).__init__()

    def encode(self, input: Tensor) -> List[Tensor]:
        raise NotImplementedError

    def decode(self, input: Tensor) -> Any:
        raise NotImplementedError

    def sample(self, batch_size: int, current_device: int) -> Tensor:
        raise NotImplementedError

    def generate(self, x: Tensor) -> Tensor:
        raise NotImplementedError

    @abstractmethod
    def forward(self, *inputs: Tensor) -> Tensor:
        pass

    @abstractmethod
    def loss_function(self, *inputs: Any) -> Tensor:
        pass


def conv_encoder(in_channels, hidden_dims):
    modules = []
    for h_dim in hidden_dims:
        modules.append(
            nn.Sequential(
                nn.Conv2d(in_channels, out_channels=h_dim,
                          kernel_size=3, stride=2, padding=1),
                nn.BatchNorm2d(h_dim),
                nn.LeakyReLU())
        )
        in_channels = h_dim
    return modules


def conv_decoder(hidden_dims):
    # hidden_dims arrives reversed, as in each model's __init__
    modules = []
    for i in range(len(hidden_dims) - 1):
        modules.append(
            nn.Sequential(
                nn.ConvTranspose2d(hidden_dims[i],
                                   hidden_dims[i + 1],
                                   kernel_size=3,
                                   stride=2,
                                   padding=1,
                                   output_padding=1),
                nn.BatchNorm2d(hidden_dims[i + 1]),
                nn.LeakyReLU())
        )
    return modules


def final_layer(hidden_dims):
    return nn.Sequential(
        nn.ConvTranspose2d(hidden_dims[-1],
                           hidden_dims[-1],
                           kernel_size=3,
                           stride=2,
                           padding=1,
                           output_padding=1),
        nn.BatchNorm2d(hidden_dims[-1]),
        nn.LeakyReLU(),
        nn.Conv2d(hidden_dims[-1], out_channels=3,
                  kernel_size=3, padding=1),
        nn.Tanh())


# ---- models/vanilla_vae.py ----

class VanillaVAE(BaseVAE):

    def __init__(self,
                 in_channels: int,
                 latent_dim: int,
                 hidden_dims: List = None,
                 **kwargs) -> None:
        super(VanillaVAE, self).__init__()

        self.latent_dim = latent_dim

        if hidden_dims is None:
            hidden_dims = [32, 64, 128, 256, 512]

        self.encoder = nn.Sequential(*conv_encoder(in_channels, hidden_dims))
        self.fc_mu = nn.Linear(hidden_dims[-1] * 4, latent_dim)
        self.fc_var = nn.Linear(hidden_dims[-1] * 4, latent_dim)

        self.decoder_input = nn.Linear(latent_dim, hidden_dims[-1] * 4)
        hidden_dims.reverse()
        self.decoder = nn.Sequential(*conv_decoder(hidden_dims))
        self.final_layer = final_layer(hidden_dims)

    def encode(self, input: Tensor) -> List[Tensor]:
        result = self.encoder(input)
        result = torch.flatten(result, start_dim=1)
        mu = self.fc_mu(result)
        log_var = self.fc_var(result)
        return [mu, log_var]

    def decode(self, z: Tensor) -> Tensor:
        result = self.decoder_input(z)
        result = result.view(-1, 512, 2, 2)
        result = self.decoder(result)
        result = self.final_layer(result)
        return result

    def reparameterize(self, mu: Tensor, logvar: Tensor) -> Tensor:
        std = torch.exp(0.5 * logvar)
        eps = torch.randn_like(std)
        return eps * std + mu

    def forward(self, input: Tensor, **kwargs) -> List[Tensor]:
        mu, log_var = self.encode(input)
        z = self.reparameterize(mu, log_var)
        return [self.decode(z), input, mu, log_var]

    def loss_function(self,
                      *args,
                      **kwargs) -> dict:
        recons = args[0]
        input = args[1]
        mu = args[2]
        log_var = args[3]

        kld_weight = kwargs['M_N']  # minibatch / dataset size
        recons_loss = F.mse_loss(recons, input)

        kld_loss = torch.mean(-0.5 * torch.sum(1 + log_var - mu ** 2 - log_var.exp(), dim=1), dim=0)

        loss = recons_loss + kld_weight * kld_loss
        return {'loss': loss, 'Reconstruction_Loss': recons_loss, 'KLD': -kld_loss}

    def sample(self,
               num_samples: int,
               current_device: int) -> Tensor:
        z = torch.randn(num_samples,
                        self.latent_dim)
        z = z.to(current_device)
        samples = self.decode(z)
        return samples

    def generate(self, x: Tensor) -> Tensor:
        return self.forward(x)[0]


# ---- models/beta_vae.py ----

class BetaVAE(VanillaVAE):
    # beta_vae.py repeats VanillaVAE's layers; its forward returns a tuple without the input and
    # its loss_function takes named arguments
    def __init__(self,
                 in_channels: int,
                 latent_dim: int,
                 hidden_dims: List = None,
                 beta: int = 1) -> None:
        super(BetaVAE, self).__init__(in_channels, latent_dim, hidden_dims)
        self.beta = beta

    def forward(self, input: Tensor) -> Tensor:
        mu, log_var = self.encode(input)
        z = self.reparameterize(mu, log_var)
        return self.decode(z), mu, log_var

    def loss_function(self,
                      recons: Tensor,
                      input: Tensor,
                      mu: Tensor,
                      log_var: Tensor,
                      **kwargs) -> dict:
        recons_loss = F.mse_loss(recons, input)
        kld_loss = torch.mean(-0.5 * torch.sum(1 + log_var - mu ** 2 - log_var.exp(), dim=1), dim=0)
        loss = recons_loss + self.beta * kld_loss
        return {'loss': loss, 'Reconstruction Loss': recons_loss, 'KLD': kld_loss}


# ---- models/wae_mmd.py ----

class WAE_MMD(BaseVAE):

    def __init__(self,
                 in_channels: int,
                 latent_dim: int,
                 hidden_dims: List = None,
                 reg_weight: int = 100,
                 kernel_type: str = 'imq',
                 latent_var: float = 2.) -> None:
        super(WAE_MMD, self).__init__()

        self.latent_dim = latent_dim
        self.reg_weight = reg_weight
        self.kernel_type = kernel_type
        self.z_var = latent_var

        if hidden_dims is None:
            hidden_dims = [32, 64, 128, 256, 512]
        self.encoder = nn.Sequential(*conv_encoder(in_channels, hidden_dims))
        self.fc_z = nn.Linear(hidden_dims[-1] * 4, latent_dim)

        self.decoder_input = nn.Linear(latent_dim, hidden_dims[-1] * 4)
        hidden_dims.reverse()
        self.decoder = nn.Sequential(*conv_decoder(hidden_dims))
        self.final_layer = final_layer(hidden_dims)

    def encode(self, input: Tensor) -> Tensor:
        result = self.encoder(input)
        result = torch.flatten(result, start_dim=1)
        z = self.fc_z(result)
        return z

    def decode(self, z: Tensor) -> Tensor:
        result = self.decoder_input(z)
        result = result.view(-1, 512, 2, 2)
        result = self.decoder(result)
        result = self.final_layer(result)
        return result

    def forward(self, input: Tensor) -> List[Tensor]:
        z = self.encode(input)
        return [self.decode(z), input, z]

    def loss_function(self,
                      *args,
                      **kwargs) -> dict:
        recons = args[0]
        input = args[1]
        z = args[2]

        batch_size = input.size(0)
        bias_corr = batch_size * (batch_size - 1)
        reg_weight = self.reg_weight / bias_corr

        recons_loss = F.mse_loss(recons, input)
        mmd_loss = self.compute_mmd(z, reg_weight)

        loss = recons_loss + mmd_loss
        return {'loss': loss, 'Reconstruction Loss': recons_loss, 'MMD': mmd_loss}

    def compute_kernel(self,
                       x1: Tensor,
                       x2: Tensor) -> Tensor:
        D = x1.size(1)
        N = x1.size(0)

        x1 = x1.unsqueeze(-2)  # column
        x2 = x2.unsqueeze(-3)  # row

        x1 = x1.expand(N, N, D)
        x2 = x2.expand(N, N, D)

        if self.kernel_type == 'rbf':
            result = self.compute_rbf(x1, x2)
        elif self.kernel_type == 'imq':
            result = self.compute_inv_mult_quad(x1, x2)
        else:
            raise ValueError('Undefined kernel type.')

        return result

    def compute_rbf(self,
                    x1: Tensor,
                    x2: Tensor,
                    eps: float = 1e-7) -> Tensor:
        D = torch.tensor(x1.size(1))
        result = torch.exp(-((x1 - x2).pow(2).mean(-1) / D))
        return result

    def compute_inv_mult_quad(self,
                              x1: Tensor,
                              x2: Tensor,
                              eps: float = 1e-7) -> Tensor:
        z_dim = x2.size(-1)
        C = 2 * z_dim * self.z_var
        kernel = C / (eps + C + (x1 - x2).pow(2).sum(dim=-1))

        # leave out the diagonal
        result = kernel.sum() - kernel.diag().sum()
        return result

    def compute_mmd(self, z: Tensor, reg_weight: float) -> Tensor:
        prior_z = torch.randn_like(z)

        prior_z__kernel = self.compute_kernel(prior_z, prior_z)
        z__kernel = self.compute_kernel(z, z)
        priorz_z__kernel = self.compute_kernel(prior_z, z)

        mmd = reg_weight * prior_z__kernel.mean() + \
              reg_weight * z__kernel.mean() - \
              2 * reg_weight * priorz_z__kernel.mean()
        return mmd


# ---- models/vq_vae.py ----

class VectorQuantizer(nn.Module):
    def __init__(self,
                 num_embeddings: int,
                 embedding_dim: int,
                 beta: float = 0.25):
        super(VectorQuantizer, self).__init__()
        self.K = num_embeddings
        self.D = embedding_dim
        self.beta = beta

        self.embedding = nn.Embedding(self.K, self.D)
        self.embedding.weight.data.uniform_(-1 / self.K, 1 / self.K)

    def forward(self, latents: Tensor) -> Tensor:
        latents = latents.permute(0, 2, 3, 1).contiguous()  # [B x D x H x W] -> [B x H x W x D]
        latents_shape = latents.shape
        flat_latents = latents.view(-1, self.D)  # [BHW x D]

        dist = torch.sum(flat_latents ** 2, dim=1, keepdim=True) + \
               torch.sum(self.embedding.weight ** 2, dim=1) - \
               2 * torch.matmul(flat_latents, self.embedding.weight.t())  # [BHW x K]

        encoding_inds = torch.argmin(dist, dim=1).unsqueeze(1)  # [BHW, 1]

        device = latents.device
        encoding_one_hot = torch.zeros(encoding_inds.size(0), self.K, device=device)
        encoding_one_hot.scatter_(1, encoding_inds, 1)  # [BHW x K]

        quantized_latents = torch.matmul(encoding_one_hot, self.embedding.weight)  # [BHW, D]
        quantized_latents = quantized_latents.view(latents_shape)  # [B x H x W x D]

        commitment_loss = F.mse_loss(quantized_latents.detach(), latents)
        embedding_loss = F.mse_loss(quantized_latents, latents.detach())

        vq_loss = commitment_loss * self.beta + embedding_loss

        # straight-through estimator
        quantized_latents = latents + (quantized_latents - latents).detach()

        return quantized_latents.permute(0, 3, 1, 2).contiguous(), vq_loss  # [B x D x H x W]


class ResidualLayer(nn.Module):

    def __init__(self,
                 in_channels: int,
                 out_channels: int):
        super(ResidualLayer, self).__init__()
        self.resblock = nn.Sequential(nn.Conv2d(in_channels, out_channels,
                                                kernel_size=3, padding=1, bias=False),
                                      nn.ReLU(True),
                                      nn.Conv2d(out_channels, out_channels,
                                                kernel_size=1, bias=False))

    def forward(self, input: Tensor) -> Tensor:
        return input + self.resblock(input)


class VQVAE(BaseVAE):

    def __init__(self,
                 in_channels: int,
                 embedding_dim: int,
                 num_embeddings: int,
                 hidden_dims: List = None,
                 beta: float = 0.25,
                 img_size: int = 64,
                 **kwargs) -> None:
        super(VQVAE, self).__init__()

        self.embedding_dim = embedding_dim
        self.num_embeddings = num_embeddings
        self.img_size = img_size
        self.beta = beta

        hidden_dims = [32, 64, 128, 256, 512]
        modules = conv_encoder(in_channels, hidden_dims)
        in_channels = hidden_dims[-1]
        modules.append(ResidualLayer(in_channels, in_channels))
        modules.append(
            nn.Sequential(
                nn.Conv2d(in_channels, embedding_dim,
                          kernel_size=3, stride=2, padding=1),
                nn.BatchNorm2d(embedding_dim),
                nn.LeakyReLU())
        )
        self.encoder = nn.Sequential(*modules)

        self.vq_layer = VectorQuantizer(num_embeddings, embedding_dim)

        modules = []
        modules.append(
            nn.Sequential(
                nn.ConvTranspose2d(embedding_dim,
                                   hidden_dims[-1],
                                   kernel_size=3,
                                   stride=2,
                                   padding=1,
                                   output_padding=1),
                nn.BatchNorm2d(hidden_dims[-1]),
                nn.LeakyReLU())
        )
        modules.append(ResidualLayer(hidden_dims[-1], hidden_dims[-1]))
        hidden_dims.reverse()
        modules.extend(conv_decoder(hidden_dims))
        modules.append(final_layer(hidden_dims))
        self.decoder = nn.Sequential(*modules)

    def encode(self, input: Tensor) -> List[Tensor]:
        result = self.encoder(input)
        return [result]

    def decode(self, z: Tensor) -> Tensor:
        result = self.decoder(z)
        return result

    def forward(self, input: Tensor, **kwargs) -> List[Tensor]:
        encoding = self.encode(input)[0]
        quantized_inputs, vq_loss = self.vq_layer(encoding)
        return [self.decode(quantized_inputs), input, vq_loss]

    def loss_function(self,
                      *args,
                      **kwargs) -> dict:
        recons = args[0]
        input = args[1]
        vq_loss = args[2]

        recons_loss = F.mse_loss(recons, input)

        loss = recons_loss + vq_loss
        return {'loss': loss,
                'Reconstruction_Loss': recons_loss,
                'VQ_Loss': vq_loss}

    def generate(self, x: Tensor, **kwargs) -> Tensor:
        return self.forward(x)[0]


# ---- models/iwae.py ----

class IWAE(VanillaVAE):
    # iwae.py repeats VanillaVAE's layers; decode and forward work on [B x S x D] latents
    def __init__(self,
                 in_channels: int,
                 latent_dim: int,
                 hidden_dims: List = None,
                 num_samples: int = 5,
                 **kwargs) -> None:
        super(IWAE, self).__init__(in_channels, latent_dim, hidden_dims)
        self.num_samples = num_samples

    def decode(self, z: Tensor) -> Tensor:
        B, _, _ = z.size()
        z = z.view(-1, self.latent_dim)  # [BS x D]
        result = self.decoder_input(z)
        result = result.view(-1, 512, 2, 2)
        result = self.decoder(result)
        result = self.final_layer(result)  # [BS x C x H x W ]
        result = result.view([B, -1, result.size(1), result.size(2), result.size(3)])  # [B x S x C x H x W]
        return result

    def forward(self, input: Tensor, **kwargs) -> List[Tensor]:
        mu, log_var = self.encode(input)
        mu = mu.repeat(self.num_samples, 1, 1).permute(1, 0, 2)  # [B x S x D]
        log_var = log_var.repeat(self.num_samples, 1, 1).permute(1, 0, 2)  # [B x S x D]
        z = self.reparameterize(mu, log_var)  # [B x S x D]
        eps = (z - mu) / log_var
        return [self.decode(z), input, mu, log_var, z, eps]

    def loss_function(self,
                      *args,
                      **kwargs) -> dict:
        recons = args[0]
        input = args[1]
        mu = args[2]
        log_var = args[3]
        z = args[4]
        eps = args[5]

        input = input.repeat(self.num_samples, 1, 1, 1, 1).permute(1, 0, 2, 3, 4)  # [B x S x C x H x W]
        _, _, c, h, w = input.shape
        kld_weight = kwargs['M_N']

        log_p_x_z = -((recons - input) ** 2).flatten(2).mean(-1)  # [B x S]
        log_p_z = (- 0.5 * ((z - 0.0) ** 2 / 1.0) - 0.5 * torch.log(2.0 * math.pi * 1.0)).mean(-1)
        log_q_z_x = (- 0.5 * ((z - mu) ** 2 / log_var.exp()) - 0.5 * (torch.log(2.0 * math.pi) + log_var)).mean(-1)
        kld_loss_est = kld_weight * (log_q_z_x - log_p_z) * (c * h * w)  # [B x S]

        elbo = (log_p_x_z - kld_loss_est)
        weight = F.softmax(elbo.detach(), dim=-1)
        loss = - torch.mean(torch.sum(weight * elbo, dim=-1), dim=0)

        return {'loss': loss, 'Reconstruction_Loss': log_p_x_z.mean(), 'KLD': -kld_loss_est.mean()}

    def sample(self,
               num_samples: int,
               current_device: int, **kwargs) -> Tensor:
        z = torch.randn(num_samples, 1,
                        self.latent_dim)
        z = z.to(current_device)
        samples = self.decode(z).squeeze()
        return samples

    def generate(self, x: Tensor, **kwargs) -> Tensor:
        return self.forward(x)[0][:, 0, :]


vae_models = {'VanillaVAE': VanillaVAE,
              'BetaVAE': BetaVAE,
              'WAE_MMD': WAE_MMD,
              'VQVAE': VQVAE,
              'IWAE': IWAE}


# ---- experiment.py (VAEXperiment.training_step as a plain loop) ----

def training_step(model, params, real_img, optimizer, batch_idx, optimizer_idx=0):
    results = model(real_img, labels=None) if not isinstance(model, (BetaVAE, WAE_MMD)) else model(real_img)
    if isinstance(model, BetaVAE):
        train_loss = model.loss_function(*results[:1], real_img, *results[1:], M_N=params['kld_weight'])
    else:
        train_loss = model.loss_function(*results,
                                         M_N=params['kld_weight'],
                                         optimizer_idx=optimizer_idx,
                                         batch_idx=batch_idx)
    optimizer.zero_grad()
    train_loss['loss'].backward()
    optimizer.step()
    return {key: val.item() for key, val in train_loss.items()}


def main():
    torch.manual_seed(1265)
    data = torch.rand(8, 3, 64, 64) * 2 - 1
    params = {'LR': 0.005, 'weight_decay': 0.0, 'kld_weight': 0.00025}
    configs = [
        ('VanillaVAE', dict(in_channels=3, latent_dim=16)),
        ('BetaVAE', dict(in_channels=3, latent_dim=16, beta=4)),
        ('WAE_MMD', dict(in_channels=3, latent_dim=16, reg_weight=100, kernel_type='imq')),
        ('WAE_MMD', dict(in_channels=3, latent_dim=16, reg_weight=100, kernel_type='rbf')),
        ('VQVAE', dict(in_channels=3, embedding_dim=16, num_embeddings=8, img_size=64)),
        ('IWAE', dict(in_channels=3, latent_dim=16, num_samples=3)),
    ]
    for name, kw in configs:
        torch.manual_seed(0)
        model = vae_models[name](**kw)
        print(f"{name}{'/' + kw['kernel_type'] if 'kernel_type' in kw else ''}: "
              f"{sum(p.numel() for p in model.parameters()):,} parameters, "
              f"abstract forward: {getattr(BaseVAE.forward, '__isabstractmethod__', False)}")
        optimizer = torch.optim.Adam(model.parameters(), lr=params['LR'], weight_decay=params['weight_decay'])
        model.train()
        try:
            for batch_idx in range(2):
                real_img = data[batch_idx * 4:(batch_idx + 1) * 4]
                logs = training_step(model, params, real_img, optimizer, batch_idx)
                fmt = "%.4f" if batch_idx == 0 else "%.2e"
                print("  step", batch_idx, {k: fmt % v for k, v in logs.items()})
        except (TypeError, RuntimeError) as e:
            print("  %s:" % type(e).__name__, e)
            continue
        model.eval()
        with torch.no_grad():
            # WAE_MMD defines no generate (BaseVAE's raises NotImplementedError): its forward's first output
            recons = model.generate(data[:2]) if name != 'WAE_MMD' else model(data[:2])[0]
            print("  generate", tuple(recons.shape), "in [-1, 1]:", bool(recons.abs().max() <= 1))
            if name not in ('VQVAE', 'WAE_MMD'):  # neither defines sample
                samples = model.sample(3, 'cpu')
                print("  sample", tuple(samples.shape))
    try:
        BaseVAE().sample(1, 0)
    except NotImplementedError as e:
        print("BaseVAE.sample:", type(e).__name__)
    print("Tensor alias:", Tensor, Tensor.__name__)


if __name__ == '__main__':
    main()
