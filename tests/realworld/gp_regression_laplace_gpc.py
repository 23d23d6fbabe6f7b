# Real-program corpus (tests/realworld, see README.md): swyoon/pytorch-minimal-gaussian-process @
# 4cf44e69bafb38c3275a03ba63570f247deb6531 (gp.py, binary_laplace_gpc.py, demo_gpr.ipynb,
# demo_binary_gpc.ipynb): Gaussian-process regression and Laplace-approximation binary classification
# from scratch. GP keeps log length/noise/amplitude scales as 0-d float64 nn.Parameters, builds the RBF
# kernel with torch.cdist, fits with torch.linalg.cholesky and torch.cholesky_solve, predicts the mean
# and the variance through cholesky_solve, and train_step minimizes the negative log marginal
# likelihood (a logdet from the Cholesky diagonal) with SGD. BinaryLaplaceGPC (an ABCMeta Likelihood
# with Logistic and CumulativeGaussian subclasses: sigmoid / Normal-cdf log-likelihoods with their
# derivatives) runs Newton's iterations to the posterior mode, the Laplace marginal likelihood, and
# predicts class probabilities by averaging the likelihood over n_samples draws. Verbatim: both files
# from their first class on. Changes from the origin: the notebooks' cells as one main (100 points ->
# 60, the 200/500-point prediction grids -> 21, 50/100 SGD steps -> 20; device 'cuda:1' -> 'cpu');
# tqdm and the matplotlib figures dropped; torch.manual_seed added; prints rounded.
from __future__ import annotations

from abc import ABCMeta, abstractmethod
import math
from typing import Dict, Union

import numpy as np
import torch
import torch.nn as nn
from torch.optim import SGD


class GP(nn.Module):
    def __init__(self, length_scale=1.0, noise_scale=1.0, amplitude_scale=1.0):
        super().__init__()
        self.length_scale_ = nn.Parameter(torch.tensor(np.log(length_scale)))
        self.noise_scale_ = nn.Parameter(torch.tensor(np.log(noise_scale)))
        self.amplitude_scale_ = nn.Parameter(torch.tensor(np.log(amplitude_scale)))

    @property
    def length_scale(self):
        return torch.exp(self.length_scale_)

    @property
    def noise_scale(self):
        return torch.exp(self.noise_scale_)

    @property
    def amplitude_scale(self):
        return torch.exp(self.amplitude_scale_)

    def forward(self, x):
        """compute prediction. fit() must have been called.
        x: test input data point. N x D tensor for the data dimensionality D."""
        y = self.y
        L = self.L
        alpha = self.alpha
        k = self.kernel_mat(self.X, x)
        v = torch.linalg.solve(L, k)
        mu = k.T.mm(alpha)
        var = self.amplitude_scale + self.noise_scale - torch.diag(v.T.mm(v))
        return mu, var

    def fit(self, X, y):
        """should be called before forward() call.
        X: training input data point. N x D tensor for the data dimensionality D.
        y: training target data point. N x 1 tensor."""
        D = X.shape[1]
        K = self.kernel_mat_self(X)
        L = torch.linalg.cholesky(K)
        alpha = torch.linalg.solve(L.T, torch.linalg.solve(L, y))
        marginal_likelihood = (
            -0.5 * y.T.mm(alpha) - torch.log(torch.diag(L)).sum() - D * 0.5 * np.log(2 * np.pi)
        )
        self.X = X
        self.y = y
        self.L = L
        self.alpha = alpha
        self.K = K
        return marginal_likelihood

    def kernel_mat_self(self, X):
        sq = (X**2).sum(dim=1, keepdim=True)
        sqdist = sq + sq.T - 2 * X.mm(X.T)
        return self.amplitude_scale * torch.exp(
            -0.5 * sqdist / self.length_scale
        ) + self.noise_scale * torch.eye(len(X))

    def kernel_mat(self, X, Z):
        Xsq = (X**2).sum(dim=1, keepdim=True)
        Zsq = (Z**2).sum(dim=1, keepdim=True)
        sqdist = Xsq + Zsq.T - 2 * X.mm(Z.T)
        return self.amplitude_scale * torch.exp(-0.5 * sqdist / self.length_scale)

    def train_step(self, X, y, opt):
        """gradient-based optimization of hyperparameters
        opt: torch.optim.Optimizer object."""
        opt.zero_grad()
        nll = -self.fit(X, y).sum()
        nll.backward()
        opt.step()
        return {
            "loss": nll.item(),
            "length": self.length_scale.detach().cpu(),
            "noise": self.noise_scale.detach().cpu(),
            "amplitude": self.amplitude_scale.detach().cpu(),
        }


class Likelihood(metaclass=ABCMeta):
    registry: Dict[str, Likelihood] = {}

    def __init__(self):
        pass

    def __init_subclass__(cls):
        assert cls.__name__ not in cls.registry, f"Likelihood name {cls.__name__} already exists."
        cls.registry[cls.__name__] = cls

    @abstractmethod
    def get_log_likelihood(self, y: torch.Tensor, f: torch.Tensor) -> torch.Tensor:
        """Get log-likelihood for given target 'y' and latent function 'f'.

        Args:
            y (torch.Tensor, (N,1)): classification targets on the points.
            f (torch.Tensor, (N,1)): the value of sampled latent function on the points.

        Returns:
            torch.Tensor: likelihood (scalar value)
        """
        pass

    @abstractmethod
    def get_jacobian_of_log_likelihood(self, y: torch.Tensor, f: torch.Tensor) -> torch.Tensor:
        """Get Jacobian of log-likelihood for given target 'y' and latent function 'f'.

        Args:
            y (torch.Tensor, (N,1)): classification targets on the points.
            f (torch.Tensor, (N,1)): the value of sampled latent function on the points.

        Returns:
            torch.Tensor, (N,1): Jacobian
        """
        pass

    @abstractmethod
    def get_hessian_of_log_likelihood(self, y: torch.Tensor, f: torch.Tensor) -> torch.Tensor:
        """Get Hessian of log-likelihood for given target 'y' and latent function 'f'.

        Args:
            y (torch.Tensor, (N,1)): classification targets on the points.
            f (torch.Tensor, (N,1)): the value of sampled latent function on the points.

        Returns:
            torch.Tensor, (N,N): Hessian
        """
        pass


class Logistic(Likelihood):
    def get_log_likelihood(self, y: torch.Tensor, f: torch.Tensor) -> torch.Tensor:
        return (-torch.log(1 + torch.exp(-y * f))).sum()

    def get_jacobian_of_log_likelihood(self, y, f):
        t = (y + 1) / 2
        pi = 1 / (1 + torch.exp(-f))
        return t - pi

    def get_hessian_of_log_likelihood(self, y, f):
        pi = 1 / (1 + torch.exp(-f))
        return torch.diag((-pi * (1 - pi)).squeeze(-1))


class CumulativeGaussian(Likelihood):
    def get_log_likelihood(self, y: torch.Tensor, f: torch.Tensor) -> torch.Tensor:
        return torch.log(self.get_cdf(y * f))

    def get_jacobian_of_log_likelihood(self, y, f):
        return y * self.get_prob(f) / self.get_cdf(y * f)

    def get_hessian_of_log_likelihood(self, y, f):
        prob = self.get_prob(f)
        cdf = self.get_cdf(y * f)
        return torch.diag((-(prob**2) / (cdf**2) - (y * f * prob) / cdf).squeeze(-1))

    @staticmethod
    def get_prob(z):
        return torch.exp(-((z**2) / 2 - math.log(math.sqrt(2 * math.pi))))

    @staticmethod
    def get_cdf(z):
        return 0.5 * (
            1 + torch.erf(z / math.sqrt(2))
        )  # See https://github.com/pytorch/pytorch/blob/master/torch/distributions/normal.py (cdf)


class BinaryLaplaceGPC(nn.Module):
    def __init__(
        self,
        length_scale: float = 1.0,
        amplitude_scale: float = 1.0,
        likelihood_func: str = "Logistic",
        eps: float = 0.001,
        n_samples: int = 10,
    ):
        super().__init__()
        self.length_scale_ = nn.Parameter(torch.tensor(np.log(length_scale)))
        self.amplitude_scale_ = nn.Parameter(torch.tensor(np.log(amplitude_scale)))

        self.likelihood_func = Likelihood.registry[likelihood_func]()
        self.eps = eps
        self.n_samples = n_samples

    @property
    def length_scale(self):
        return torch.exp(self.length_scale_)

    @property
    def amplitude_scale(self):
        return torch.exp(self.amplitude_scale_)

    def forward(self, x):
        """compute prediction. fit() must have been called.
        x: test input data point. N x D tensor for the data dimensionality D."""
        L = self.L
        sqrt_W = self.sqrt_W
        k = self.kernel_mat(self.X, x)
        v = torch.linalg.solve(L, sqrt_W.mm(k))
        mu = k.T.mm(self.likelihood_func.get_jacobian_of_log_likelihood(self.y, self.f))  # (N',1)
        var = self.amplitude_scale - torch.diag(v.T.mm(v))  # (N')

        z = mu.repeat(1, self.n_samples) + torch.sqrt(var).unsqueeze(-1) * torch.randn_like(
            mu.repeat(1, self.n_samples)
        )  # (N',{self.n_samples})

        pi = torch.sigmoid(z).mean(-1)
        return mu, var, pi

    def fit(self, X, y):
        """should be called before forward() call.
        X: training input data point. N x D tensor for the data dimensionality D.
        y: training target data point. N x 1 tensor."""
        f = torch.zeros_like(y).float()
        N = X.shape[0]
        K = self.kernel_mat(X, X)
        while True:
            f = f.detach()
            W = -self.likelihood_func.get_hessian_of_log_likelihood(y, f)
            sqrt_W = W.sqrt()
            L = torch.linalg.cholesky(torch.eye(N, device=y.device) + sqrt_W.mm(K.mm(sqrt_W)))
            b = W.mm(f) + self.likelihood_func.get_jacobian_of_log_likelihood(y, f)
            a = b - sqrt_W.mm(torch.linalg.solve(L.T, torch.linalg.solve(L, sqrt_W.mm(K.mm(b)))))
            diff = (torch.abs(K.mm(a) - f)).max()
            f = K.mm(a)
            if diff < self.eps:
                break

        approx_marginal_likelihood = (
            -0.5 * a.T.mm(f)
            - torch.log(torch.diag(L)).sum()
            + self.likelihood_func.get_log_likelihood(y, f)
        )
        self.X = X
        self.y = y
        self.sqrt_W = sqrt_W
        self.L = L
        self.K = K
        self.f = f
        return approx_marginal_likelihood

    def kernel_mat(self, X, Z):
        Xsq = (X**2).sum(dim=1, keepdim=True)
        Zsq = (Z**2).sum(dim=1, keepdim=True)
        sqdist = Xsq + Zsq.T - 2 * X.mm(Z.T)
        return self.amplitude_scale * torch.exp(-0.5 * sqdist / self.length_scale)

    def train_step(self, X, y, opt):
        """gradient-based optimization of hyperparameters
        opt: torch.optim.Optimizer object."""
        opt.zero_grad()
        nll = -self.fit(X, y).sum()
        nll.backward()
        opt.step()
        return {
            "loss": nll.item(),
            "length": self.length_scale.detach().cpu(),
            "amplitude": self.amplitude_scale.detach().cpu(),
        }


def _r(v, n):
    return round(v, n) + 0.0  # no -0.0


torch.manual_seed(0)
X = torch.randn(60, 1)
f = torch.sin(X * 2 * np.pi / 4).flatten()
y = f + torch.randn_like(f) * 0.1
y = y[:, None]
grid = torch.linspace(-5, 5, 21)[:, None]

gp = GP(length_scale=4, amplitude_scale=0.1)
gp.fit(X, y)
mu, var = gp.forward(grid)
print("before:", [_r(v, 3) for v in mu.detach().flatten()[::4].tolist()],
      [_r(v, 3) for v in torch.sqrt(var).detach().flatten()[::4].tolist()])
opt = SGD(gp.parameters(), lr=0.01)
for i in range(20):
    d_train = gp.train_step(X, y, opt)
    if i % 5 == 0:
        print(i, {k: _r(float(v), 4) for k, v in d_train.items()})
mu, var = gp.forward(grid)
print("after:", [_r(v, 3) for v in mu.detach().flatten()[::4].tolist()],
      [_r(v, 3) for v in torch.sqrt(var).detach().flatten()[::4].tolist()])

X = torch.randn(60, 1)
f = torch.sin(X * 3 * np.pi / 4).flatten()
y = (f > 0.).int() * 2 - 1
y = y[:, None]
for lik in ("Logistic", "CumulativeGaussian"):
    gpc = BinaryLaplaceGPC(length_scale=1, amplitude_scale=1., likelihood_func=lik, eps=0.0001, n_samples=100)
    gpc.fit(X, y)
    mu, var, pi = gpc.forward(grid)
    print(lik, "pi before:", [_r(v, 2) for v in pi.detach().flatten()[::4].tolist()])
    opt = SGD(gpc.parameters(), lr=0.01)
    for i in range(20):
        d_train = gpc.train_step(X, y, opt)
        if i % 5 == 0:
            print(i, {k: _r(float(v), 4) for k, v in d_train.items()})
    mu, var, pi = gpc.forward(grid)
    print(lik, "mean:", [_r(v, 3) for v in mu.detach().flatten()[::4].tolist()])
    print(lik, "pi after:", [_r(v, 2) for v in pi.detach().flatten()[::4].tolist()])
