# Real-program corpus (tests/realworld, see README.md): tonyduan/mixture-density-network @
# 5bfeae42de2adf42d680bdfee24bb8c2ce52f259 (src/blocks.py, examples/ex_1d.py): a mixture density
# network (Bishop 1994). An Enum of noise types picks the sigma head's width through a dict keyed by
# enum members; forward gives log_softmax mixture weights, means and exp'd sigmas reshaped to
# (batch, components, dim); loss is the negative log-likelihood by an einsum z-score and logsumexp;
# sample draws a component per row with torch.searchsorted over cumsum(exp(log_pi)) and gathers the
# Gaussian draw with torch.take_along_dim. ex_1d.py's inverse-sine data (x = 7 sin(5 y) + noise),
# Adam with CosineAnnealingLR. Verbatim: blocks.py from NoiseType on, gen_data; the main block below.
# Changes from the origin: argparse's --n-iterations default 2000 -> 201; logging.info lines are
# prints (2 decimals); np.random / torch seeds added; the matplotlib figure dropped; the model is
# also trained with the ISOTROPIC and FIXED noise types for 51 iterations; prints rounded samples.
from enum import Enum, auto

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim


class NoiseType(Enum):
    DIAGONAL = auto()
    ISOTROPIC = auto()
    ISOTROPIC_ACROSS_CLUSTERS = auto()
    FIXED = auto()


class MixtureDensityNetwork(nn.Module):
    """
    Mixture density network.

    [ Bishop, 1994 ]

    Parameters
    ----------
    dim_in: int; dimensionality of the covariates
    dim_out: int; dimensionality of the response variable
    n_components: int; number of components in the mixture model
    """
    def __init__(self, dim_in, dim_out, n_components, hidden_dim, noise_type=NoiseType.DIAGONAL, fixed_noise_level=None):
        super().__init__()
        assert (fixed_noise_level is not None) == (noise_type is NoiseType.FIXED)
        num_sigma_channels = {
            NoiseType.DIAGONAL: dim_out * n_components,
            NoiseType.ISOTROPIC: n_components,
            NoiseType.ISOTROPIC_ACROSS_CLUSTERS: 1,
            NoiseType.FIXED: 0,
        }[noise_type]
        self.dim_in, self.dim_out, self.n_components = dim_in, dim_out, n_components
        self.noise_type, self.fixed_noise_level = noise_type, fixed_noise_level
        self.pi_network = nn.Sequential(
            nn.Linear(dim_in, hidden_dim),
            nn.ReLU(),
            nn.Linear(hidden_dim, hidden_dim),
            nn.ReLU(),
            nn.Linear(hidden_dim, n_components),
        )
        self.normal_network = nn.Sequential(
            nn.Linear(dim_in, hidden_dim),
            nn.ReLU(),
            nn.Linear(hidden_dim, hidden_dim),
            nn.ReLU(),
            nn.Linear(hidden_dim, dim_out * n_components + num_sigma_channels)
        )

    def forward(self, x, eps=1e-6):
        #
        # Returns
        # -------
        # log_pi: (bsz, n_components)
        # mu: (bsz, n_components, dim_out)
        # sigma: (bsz, n_components, dim_out)
        #
        log_pi = torch.log_softmax(self.pi_network(x), dim=-1)
        normal_params = self.normal_network(x)
        mu = normal_params[..., :self.dim_out * self.n_components]
        sigma = normal_params[..., self.dim_out * self.n_components:]
        if self.noise_type is NoiseType.DIAGONAL:
            sigma = torch.exp(sigma + eps)
        if self.noise_type is NoiseType.ISOTROPIC:
            sigma = torch.exp(sigma + eps).repeat(1, self.dim_out)
        if self.noise_type is NoiseType.ISOTROPIC_ACROSS_CLUSTERS:
            sigma = torch.exp(sigma + eps).repeat(1, self.n_components * self.dim_out)
        if self.noise_type is NoiseType.FIXED:
            sigma = torch.full_like(mu, fill_value=self.fixed_noise_level)
        mu = mu.reshape(-1, self.n_components, self.dim_out)
        sigma = sigma.reshape(-1, self.n_components, self.dim_out)
        return log_pi, mu, sigma

    def loss(self, x, y):
        log_pi, mu, sigma = self.forward(x)
        z_score = (y.unsqueeze(1) - mu) / sigma
        normal_loglik = (
            -0.5 * torch.einsum("bij,bij->bi", z_score, z_score)
            -torch.sum(torch.log(sigma), dim=-1)
        )
        loglik = torch.logsumexp(log_pi + normal_loglik, dim=-1)
        return -loglik

    def sample(self, x):
        log_pi, mu, sigma = self.forward(x)
        cum_pi = torch.cumsum(torch.exp(log_pi), dim=-1)
        rvs = torch.rand(len(x), 1).to(x)
        rand_pi = torch.searchsorted(cum_pi, rvs)
        rand_normal = torch.randn_like(mu) * sigma + mu
        samples = torch.take_along_dim(rand_normal, indices=rand_pi.unsqueeze(-1), dim=1).squeeze(dim=1)
        return samples


def gen_data(n=512):
    y = np.linspace(-1, 1, n)
    x = 7 * np.sin(5 * y) + 0.5 * y + 0.5 * np.random.randn(*y.shape)
    return x[:,np.newaxis], y[:,np.newaxis]



if __name__ == "__main__":
    np.random.seed(0)
    torch.manual_seed(0)
    x, y = gen_data()
    x = torch.Tensor(x)
    y = torch.Tensor(y)

    for noise_type, iters, fixed in ((NoiseType.DIAGONAL, 201, None), (NoiseType.ISOTROPIC, 51, None),
                                     (NoiseType.FIXED, 51, 0.1)):
        model = MixtureDensityNetwork(1, 1, n_components=3, hidden_dim=50, noise_type=noise_type,
                                      fixed_noise_level=fixed)
        optimizer = optim.Adam(model.parameters(), lr=0.005)
        scheduler = optim.lr_scheduler.CosineAnnealingLR(optimizer, iters)

        for i in range(iters):
            optimizer.zero_grad()
            loss = model.loss(x, y).mean()
            loss.backward()
            optimizer.step()
            scheduler.step()
            if i % 50 == 0:
                print(f"{noise_type.name} Iter: {i}\t" + f"Loss: {loss.data:.2f}")

        with torch.no_grad():
            y_hat = model.sample(x)
            log_pi, mu, sigma = model(x[:4])
        print(noise_type, y_hat.shape, [round(v, 2) for v in y_hat[:6, 0].tolist()])
        print("pi", [round(v, 1) for v in log_pi.exp()[0].tolist()], "sigma", tuple(sigma.shape))
