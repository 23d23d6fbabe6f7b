# sklearn.decomposition for Kiln: PCA as scikit-learn 1.9 computes it, for the embedding and latent-space
# plots of PyTorch scripts: the 'auto' solver choice (covariance_eigh for tall data with at most 1000
# features and 10x as many samples, full SVD for small data, randomized otherwise: Kiln computes that
# case with the full SVD too, which gives the same components up to the randomized solver's own
# error), mean centering, explained_variance_ = S**2 / (n - 1) (or the clipped eigenvalues of the
# covariance), svd_flip's component-based signs (the largest |entry| of each component is positive),
# n_components as an int, None or a variance fraction (searchsorted on the cumulative ratio,
# side='right'), noise_variance_, whiten, transform (projection first, then the projected mean
# subtracted), fit_transform (U * S for the SVD solvers), inverse_transform, and scikit-learn's
# messages for a bad n_components and a feature-count mismatch. float32 input stays float32.
import numpy as np


def _svd_flip_v(u, v):
    # svd_flip(u, v, u_based_decision=False): signs from the rows of v
    max_abs_v_rows = np.argmax(np.abs(v), axis=1)
    shift = np.arange(v.shape[0])
    indices = max_abs_v_rows + shift * v.shape[1]
    signs = np.sign(np.take(np.reshape(v, (-1,)), indices, axis=0))
    if u is not None:
        u = u * signs[np.newaxis, :]
    v = v * signs[:, np.newaxis]
    return u, v


def _as_2d_float(X):
    a = np.asarray(X.detach().cpu().numpy() if hasattr(X, "detach") else X)
    if a.ndim != 2:
        raise ValueError(f"Expected 2D array, got {a.ndim}D array instead")
    if a.dtype != np.float32 and a.dtype != np.float64:
        a = a.astype(np.float64)
    return a


class PCA:
    def __init__(self, n_components=None, *, copy=True, whiten=False, svd_solver="auto", tol=0.0,
                 iterated_power="auto", n_oversamples=10, power_iteration_normalizer="auto", random_state=None):
        self.n_components = n_components
        self.copy = copy
        self.whiten = whiten
        self.svd_solver = svd_solver
        self.tol = tol
        self.iterated_power = iterated_power
        self.n_oversamples = n_oversamples
        self.power_iteration_normalizer = power_iteration_normalizer
        self.random_state = random_state

    _DEFAULTS = {"copy": True, "iterated_power": "auto", "n_components": None, "n_oversamples": 10,
                 "power_iteration_normalizer": "auto", "random_state": None, "svd_solver": "auto", "tol": 0.0,
                 "whiten": False}

    def __repr__(self):
        # scikit-learn's repr: the parameters that differ from their defaults, in get_params' (sorted) order
        args = [f"{k}={v!r}" for k, v in self.get_params().items() if v != self._DEFAULTS[k]]
        return "PCA(" + ", ".join(args) + ")"

    def get_params(self, deep=True):
        return {k: getattr(self, k) for k in ("copy", "iterated_power", "n_components", "n_oversamples",
                                              "power_iteration_normalizer", "random_state", "svd_solver",
                                              "tol", "whiten")}

    def _fit(self, X):
        X = _as_2d_float(X)
        n_samples, n_features = X.shape
        solver = self.svd_solver
        n_components = min(X.shape) if self.n_components is None else self.n_components
        if solver == "auto":
            if n_features <= 1_000 and n_samples >= 10 * n_features:
                solver = "covariance_eigh"
            elif max(X.shape) <= 500 or n_components == "mle":
                solver = "full"
            elif isinstance(n_components, (int, np.integer)) and 1 <= n_components < 0.8 * min(X.shape):
                solver = "randomized"
            else:
                solver = "full"
        self._fit_svd_solver = solver
        if n_components == "mle":
            raise NotImplementedError("PCA(n_components='mle') is not supported in Kiln's scikit-learn")
        if not 0 <= n_components <= min(n_samples, n_features):
            raise ValueError(f"n_components={n_components!r} must be between 0 and min(n_samples, n_features)="
                             f"{min(n_samples, n_features)!r} with svd_solver={solver!r}")
        self.n_features_in_ = n_features
        self.mean_ = np.mean(X, axis=0)
        if solver == "covariance_eigh":
            x_is_centered = False
            C = X.T @ X
            C = C - n_samples * np.reshape(self.mean_, (-1, 1)) * np.reshape(self.mean_, (1, -1))
            C = C / (n_samples - 1)
            eigenvals, eigenvecs = np.linalg.eigh(C)
            eigenvals = np.flip(eigenvals, axis=0)
            eigenvecs = np.flip(eigenvecs, axis=1)
            eigenvals = np.where(eigenvals < 0.0, 0.0, eigenvals).astype(eigenvals.dtype)
            explained_variance_ = eigenvals
            S = np.sqrt(eigenvals * (n_samples - 1))
            Vt = eigenvecs.T
            U = None
        else:
            X_centered = X - self.mean_
            x_is_centered = True
            U, S, Vt = np.linalg.svd(X_centered, full_matrices=False)
            explained_variance_ = (S ** 2) / (n_samples - 1)
        U, Vt = _svd_flip_v(U, Vt)
        total_var = np.sum(explained_variance_)
        explained_variance_ratio_ = explained_variance_ / total_var
        singular_values_ = np.array(S, copy=True)
        if 0 < n_components < 1.0:
            ratio_cumsum = np.cumsum(explained_variance_ratio_, dtype=np.float64)
            n_components = int(np.searchsorted(ratio_cumsum, n_components, side="right")) + 1
        if n_components < min(n_features, n_samples):
            self.noise_variance_ = np.mean(explained_variance_[n_components:])
        else:
            self.noise_variance_ = 0.0
        self.n_samples_ = n_samples
        self.n_components_ = n_components
        self.components_ = Vt[:n_components, :]
        self.explained_variance_ = explained_variance_[:n_components]
        self.explained_variance_ratio_ = explained_variance_ratio_[:n_components]
        self.singular_values_ = singular_values_[:n_components]
        return U, S, X, x_is_centered

    def fit(self, X, y=None):
        self._fit(X)
        return self

    def fit_transform(self, X, y=None):
        U, S, X, x_is_centered = self._fit(X)
        if U is not None:
            U = U[:, :self.n_components_]
            if self.whiten:
                U = U * np.sqrt(X.shape[0] - 1)
            else:
                U = U * S[:self.n_components_]
            return U
        return self._transform(X, x_is_centered=x_is_centered)

    def _check(self, X):
        if not hasattr(self, "components_"):
            raise AttributeError("This PCA instance is not fitted yet. Call 'fit' with appropriate arguments "
                                 "before using this estimator.")
        X = _as_2d_float(X)
        if X.shape[1] != self.n_features_in_:
            raise ValueError(f"X has {X.shape[1]} features, but PCA is expecting {self.n_features_in_} features "
                             "as input.")
        return X

    def _transform(self, X, x_is_centered=False):
        X_transformed = X @ self.components_.T
        if not x_is_centered:
            X_transformed = X_transformed - np.reshape(self.mean_, (1, -1)) @ self.components_.T
        if self.whiten:
            scale = np.sqrt(self.explained_variance_)
            min_scale = np.finfo(scale.dtype).eps
            scale = np.where(scale < min_scale, min_scale, scale)
            X_transformed = X_transformed / scale
        return X_transformed

    def transform(self, X):
        return self._transform(self._check(X), x_is_centered=False)

    def inverse_transform(self, X):
        X = np.asarray(X)
        if self.whiten:
            scaled_components = np.sqrt(self.explained_variance_[:, np.newaxis]) * self.components_
            return X @ scaled_components + self.mean_
        return X @ self.components_ + self.mean_

    def get_covariance(self):
        components_ = self.components_
        exp_var = self.explained_variance_
        if self.whiten:
            components_ = components_ * np.sqrt(exp_var[:, np.newaxis])
        exp_var_diff = np.maximum(exp_var - self.noise_variance_, 0.0)
        cov = (components_.T * exp_var_diff) @ components_
        cov = cov + np.eye(cov.shape[0]) * self.noise_variance_
        return cov
