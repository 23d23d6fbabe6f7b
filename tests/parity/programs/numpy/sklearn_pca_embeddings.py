# sklearn.decomposition.PCA as embedding and latent-space visualisations use it (probe 35: word2vec and
# VAE notebooks project to 2-D before plotting): the three 'auto' paths (covariance_eigh for tall data,
# full SVD for small wide data), component signs from svd_flip, explained variance and ratios,
# singular values, noise_variance_, n_components as a fraction, whiten, transform of new data,
# fit_transform against fit().transform(), inverse_transform round trips, float32 input, torch input,
# and the errors. Values print rounded (LAPACK routines differ in the last bits).
import numpy as np
import torch
from sklearn.decomposition import PCA

rng = np.random.RandomState(0)
tall = rng.randn(60, 4) @ rng.randn(4, 4) + rng.randn(4)
wide = rng.randn(8, 12)


def show(p, Z):
    print(p, p._fit_svd_solver if hasattr(p, "_fit_svd_solver") else None, p.n_components_, Z.shape, Z.dtype)
    print(" components", np.round(p.components_, 6).tolist())
    print(" var", np.round(p.explained_variance_, 6).tolist(), "ratio", np.round(p.explained_variance_ratio_, 6).tolist())
    print(" singular", np.round(p.singular_values_, 6).tolist(), "noise", round(float(p.noise_variance_), 6))
    print(" first rows", np.round(Z[:2], 6).tolist())


p = PCA(n_components=2)
Z = p.fit_transform(tall)
show(p, Z)
print(np.allclose(Z, p.transform(tall)), np.allclose(p.inverse_transform(p.transform(tall)), tall, atol=1e-1))
p = PCA(n_components=5)
Z = p.fit_transform(wide)
show(p, Z)
print(np.allclose(PCA().fit(wide).inverse_transform(PCA().fit_transform(wide)), wide), PCA().fit(wide).n_components_)
p = PCA(n_components=0.9)
Z = p.fit_transform(wide)
print(p.n_components_, round(float(p.explained_variance_ratio_.sum()), 6))
p = PCA(n_components=3, whiten=True).fit(wide)
W = p.transform(wide)
print(np.round(W.std(axis=0, ddof=1), 6).tolist(), np.allclose(p.inverse_transform(W), p.inverse_transform(p.transform(wide))))
Z32 = PCA(2).fit_transform(tall.astype(np.float32))
print(Z32.dtype, ["%.3f" % abs(float(v)) for v in Z32[:2].ravel()])
Zt = PCA(2).fit_transform(torch.tensor(tall, dtype=torch.float64))
print(type(Zt).__name__, np.allclose(np.abs(Zt), np.abs(PCA(2).fit_transform(tall))))
print(PCA(2), PCA(n_components=2, whiten=True, random_state=0))
for bad in [lambda: PCA(n_components=5).fit(wide[:4, :4]), lambda: PCA(2).fit(tall).transform(wide)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
