# sklearn.datasets for Kiln: the toy generators tutorials train small networks on (make_moons,
# make_circles, make_blobs), drawing from a RandomState in scikit-learn's order (shuffle first, noise
# after), so that a random_state gives scikit-learn's arrays. Loaders and fetchers (load_iris, fetch_*)
# read files Kiln does not ship and are left out.
import numbers

import numpy as np

from sklearn.utils import check_random_state, shuffle as _shuffle


def _split_two(n_samples):
    if isinstance(n_samples, numbers.Integral):
        out = n_samples // 2
        return out, n_samples - out
    try:
        out, inner = n_samples
    except ValueError as e:
        raise ValueError("`n_samples` can be either an int or a two-element tuple.") from e
    return out, inner


def _two_classes(outer_x, inner_x, outer_y, inner_y, n_out, n_in):
    X = np.vstack([np.append(outer_x, inner_x), np.append(outer_y, inner_y)]).T
    y = np.hstack([np.zeros(n_out, dtype=np.intp), np.ones(n_in, dtype=np.intp)])
    return X, y


def make_moons(n_samples=100, *, shuffle=True, noise=None, random_state=None):
    n_out, n_in = _split_two(n_samples)
    generator = check_random_state(random_state)
    outer_x = np.cos(np.linspace(0, np.pi, n_out))
    outer_y = np.sin(np.linspace(0, np.pi, n_out))
    inner_x = 1 - np.cos(np.linspace(0, np.pi, n_in))
    inner_y = 1 - np.sin(np.linspace(0, np.pi, n_in)) - 0.5
    X, y = _two_classes(outer_x, inner_x, outer_y, inner_y, n_out, n_in)
    if shuffle:
        X, y = _shuffle(X, y, random_state=generator)
    if noise is not None:
        X += generator.normal(scale=noise, size=X.shape)
    return X, y


def make_circles(n_samples=100, *, shuffle=True, noise=None, random_state=None, factor=0.8):
    if isinstance(n_samples, numbers.Integral):
        n_out, n_in = _split_two(n_samples)
    else:
        if len(n_samples) != 2:
            raise ValueError("When a tuple, n_samples must have exactly two elements.")
        n_out, n_in = n_samples
    if not 0 <= factor < 1:
        raise ValueError(f"The 'factor' parameter of make_circles must be a float in the range [0, 1). Got {factor} instead.")
    generator = check_random_state(random_state)
    # endpoint=False: the first point is not the last
    lin_out = np.linspace(0, 2 * np.pi, n_out, endpoint=False)
    lin_in = np.linspace(0, 2 * np.pi, n_in, endpoint=False)
    X, y = _two_classes(np.cos(lin_out), np.cos(lin_in) * factor, np.sin(lin_out), np.sin(lin_in) * factor,
                        n_out, n_in)
    if shuffle:
        X, y = _shuffle(X, y, random_state=generator)
    if noise is not None:
        X += generator.normal(scale=noise, size=X.shape)
    return X, y


def make_blobs(n_samples=100, n_features=2, *, centers=None, cluster_std=1.0, center_box=(-10.0, 10.0),
               shuffle=True, random_state=None, return_centers=False):
    generator = check_random_state(random_state)
    if isinstance(n_samples, numbers.Integral):
        if centers is None:
            centers = 3
        if isinstance(centers, numbers.Integral):
            n_centers = centers
            centers = generator.uniform(center_box[0], center_box[1], size=(n_centers, n_features))
        else:
            centers = np.asarray(centers, dtype=np.float64)
            n_features = centers.shape[1]
            n_centers = centers.shape[0]
    else:
        n_centers = len(n_samples)
        if centers is None:
            centers = generator.uniform(center_box[0], center_box[1], size=(n_centers, n_features))
        if len(centers) != n_centers:
            raise ValueError("Length of `n_samples` not consistent with number of centers. Got n_samples = "
                             f"{n_samples} and centers = {centers}")
        centers = np.asarray(centers, dtype=np.float64)
        n_features = centers.shape[1]
    if hasattr(cluster_std, "__len__") and len(cluster_std) != n_centers:
        raise ValueError("Length of `clusters_std` not consistent with number of centers. Got centers = "
                         f"{centers} and cluster_std = {cluster_std}")
    if isinstance(cluster_std, numbers.Real):
        cluster_std = np.full(len(centers), cluster_std)
    if isinstance(n_samples, numbers.Integral):
        per_center = [int(n_samples // n_centers)] * n_centers
        for i in range(n_samples % n_centers):
            per_center[i] += 1
    else:
        per_center = list(n_samples)
    total = sum(per_center)
    X = np.empty((total, n_features), dtype=np.float64)
    y = np.empty((total,), dtype=int)
    start = 0
    for i in range(len(per_center)):
        n = per_center[i]
        X[start:start + n] = generator.normal(loc=centers[i], scale=cluster_std[i], size=(n, n_features))
        y[start:start + n] = i
        start += n
    if shuffle:
        X, y = _shuffle(X, y, random_state=generator)
    if return_centers:
        return X, y, centers
    return X, y
