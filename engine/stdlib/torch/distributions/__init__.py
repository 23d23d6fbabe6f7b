# torch.distributions: probability distributions in Kiln's Python, as PyTorch 2.11's (one module per
# distribution, PyTorch's layout), sampling in PyTorch's RNG draw order so seeded samples match.
# Distribution, ExponentialFamily, Normal, Bernoulli, Categorical, Uniform, Exponential, Laplace,
# Cauchy, Gumbel, HalfNormal, LogNormal, TransformedDistribution (+ transforms), Independent,
# OneHotCategorical(StraightThrough), Multinomial, Geometric, Poisson, Binomial, MultivariateNormal,
# Gamma, Chi2, Beta, Dirichlet, StudentT, LowRankMultivariateNormal, (Logit)RelaxedBernoulli,
# (Exp)RelaxedCategorical / RelaxedOneHotCategorical, kl_divergence / register_kl, constraints.
# Gamma-family sampling reproduces ATen's _standard_gamma / _sample_dirichlet draws in Python
# (utils.py); Poisson and Binomial sample with torch.poisson / torch.binomial (ATen's samplers,
# ops/random.cpp). Refused with NotImplementedError: Gamma.cdf (gammainc).
# Pareto, Weibull, HalfCauchy, InverseGamma, Kumaraswamy (transformed distributions), FisherSnedecor,
# NegativeBinomial (Gamma-Poisson draws), ContinuousBernoulli, MixtureSameFamily, LogisticNormal.
# VonMises, GeneralizedPareto, Wishart (Bartlett sampling), LKJCholesky (the onion method).
from torch.distributions import constraints, transforms
from torch.distributions.distribution import Distribution
from torch.distributions.exp_family import ExponentialFamily
from torch.distributions.normal import Normal
from torch.distributions.bernoulli import Bernoulli
from torch.distributions.categorical import Categorical
from torch.distributions.uniform import Uniform
from torch.distributions.exponential import Exponential
from torch.distributions.laplace import Laplace
from torch.distributions.cauchy import Cauchy
from torch.distributions.independent import Independent
from torch.distributions.transformed_distribution import TransformedDistribution
from torch.distributions.transforms import *
from torch.distributions.log_normal import LogNormal
from torch.distributions.half_normal import HalfNormal
from torch.distributions.gumbel import Gumbel
from torch.distributions.one_hot_categorical import OneHotCategorical, OneHotCategoricalStraightThrough
from torch.distributions.geometric import Geometric
from torch.distributions.poisson import Poisson
from torch.distributions.binomial import Binomial
from torch.distributions.multinomial import Multinomial
from torch.distributions.multivariate_normal import MultivariateNormal
from torch.distributions.gamma import Gamma
from torch.distributions.chi2 import Chi2
from torch.distributions.dirichlet import Dirichlet
from torch.distributions.beta import Beta
from torch.distributions.studentT import StudentT
# (LogitRelaxedBernoulli and ExpRelaxedCategorical stay in their modules, as PyTorch exports neither.)
from torch.distributions.relaxed_bernoulli import RelaxedBernoulli
from torch.distributions.relaxed_categorical import RelaxedOneHotCategorical
from torch.distributions.lowrank_multivariate_normal import LowRankMultivariateNormal
from torch.distributions.pareto import Pareto
from torch.distributions.weibull import Weibull
from torch.distributions.half_cauchy import HalfCauchy
from torch.distributions.inverse_gamma import InverseGamma
from torch.distributions.kumaraswamy import Kumaraswamy
from torch.distributions.fishersnedecor import FisherSnedecor
from torch.distributions.negative_binomial import NegativeBinomial
from torch.distributions.continuous_bernoulli import ContinuousBernoulli
from torch.distributions.mixture_same_family import MixtureSameFamily
from torch.distributions.logistic_normal import LogisticNormal
from torch.distributions.von_mises import VonMises
from torch.distributions.generalized_pareto import GeneralizedPareto
from torch.distributions.wishart import Wishart
from torch.distributions.lkj_cholesky import LKJCholesky
from torch.distributions.kl import kl_divergence, register_kl
from torch.distributions.constraint_registry import biject_to, transform_to

__all__ = ["AbsTransform", "AffineTransform", "Bernoulli", "Beta", "Binomial", "Categorical", "Cauchy", "Chi2",
           "ComposeTransform", "ContinuousBernoulli", "Dirichlet", "Distribution", "ExpTransform", "Exponential", "ExponentialFamily",
           "FisherSnedecor", "Gamma", "GeneralizedPareto", "Geometric", "Gumbel", "HalfCauchy", "HalfNormal", "Independent", "LKJCholesky", "InverseGamma",
           "IndependentTransform", "Kumaraswamy", "Laplace", "LogisticNormal",
           "LogNormal", "LowRankMultivariateNormal", "MixtureSameFamily", "Multinomial",
           "MultivariateNormal", "NegativeBinomial", "Normal", "OneHotCategorical", "OneHotCategoricalStraightThrough", "Pareto", "Poisson",
           "PowerTransform", "RelaxedBernoulli", "ReshapeTransform", "RelaxedOneHotCategorical", "SigmoidTransform", "SoftmaxTransform", "SoftplusTransform", "StickBreakingTransform", "StudentT", "TanhTransform", "Transform",
           "TransformedDistribution", "Uniform", "VonMises", "Weibull", "Wishart", "biject_to", "constraints", "identity_transform", "kl_divergence",
           "register_kl", "transform_to", "transforms"]
