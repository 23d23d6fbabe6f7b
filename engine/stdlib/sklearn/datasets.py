# sklearn.datasets for Kiln: the toy generators tutorials train small networks on (make_moons,
# make_circles, make_blobs, make_classification), drawing from a RandomState in scikit-learn's order (shuffle first, noise
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


def _numeric_array(x):
    # check_array(x)'s dtype="numeric": integer and float arrays keep their dtype, others become float64
    a = np.asarray(x)
    return a if a.dtype.kind in "biuf" else a.astype(np.float64)


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
            centers = _numeric_array(centers)
            n_features = centers.shape[1]
            n_centers = centers.shape[0]
    else:
        n_centers = len(n_samples)
        if centers is None:
            centers = generator.uniform(center_box[0], center_box[1], size=(n_centers, n_features))
        if len(centers) != n_centers:
            raise ValueError("Length of `n_samples` not consistent with number of centers. Got n_samples = "
                             f"{n_samples} and centers = {centers}")
        centers = _numeric_array(centers)
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


def _sample_without_replacement(n_population, n_samples, rng):
    # sklearn.utils.random.sample_without_replacement(method="auto"): a permutation's head for ratios in
    # (0.01, 0.99), else tracking selection (ratio < 0.2) or reservoir sampling, with the same draws
    if n_samples > n_population:
        raise ValueError(f"n_population should be greater or equal than n_samples, got n_samples > n_population "
                         f"({n_samples} > {n_population})")
    ratio = n_samples / n_population if n_population != 0 else 1.0
    if 0.01 < ratio < 0.99:
        return rng.permutation(n_population)[:n_samples]
    out = []
    if ratio < 0.2:
        selected = set()
        for _ in range(n_samples):
            j = int(rng.randint(n_population))
            while j in selected:
                j = int(rng.randint(n_population))
            selected.add(j)
            out.append(j)
    else:
        out = list(range(n_samples))
        for i in range(n_samples, n_population):
            j = int(rng.randint(0, i + 1))
            if j < n_samples:
                out[j] = i
    return np.array(out, dtype=np.int64)


def _generate_hypercube(samples, dimensions, rng):
    # distinct binary vertices: the low `dimensions` bits (most significant first) of distinct draws
    if dimensions > 30:
        return np.hstack([rng.randint(2, size=(samples, dimensions - 30)), _generate_hypercube(samples, 30, rng)])
    v = _sample_without_replacement(2 ** dimensions, samples, rng)
    powers = np.array([2 ** k for k in range(dimensions - 1, -1, -1)], dtype=np.int64)
    return (v.reshape(-1, 1) // powers.reshape(1, -1) % 2).astype(np.uint8)


def make_classification(n_samples=100, n_features=20, *, n_informative=2, n_redundant=2, n_repeated=0,
                        n_classes=2, n_clusters_per_class=2, weights=None, flip_y=0.01, class_sep=1.0,
                        hypercube=True, shift=0.0, scale=1.0, shuffle=True, random_state=None):
    generator = check_random_state(random_state)
    if n_informative + n_redundant + n_repeated > n_features:
        raise ValueError("Number of informative, redundant and repeated features must sum to less than the number "
                         "of total features")
    if n_informative < np.log2(n_classes * n_clusters_per_class):
        raise ValueError(f"n_classes({n_classes}) * n_clusters_per_class({n_clusters_per_class}) must be smaller or "
                         f"equal 2**n_informative({n_informative})={2 ** n_informative}")
    if weights is not None:
        if len(weights) not in [n_classes, n_classes - 1]:
            raise ValueError("Weights specified but incompatible with number of classes.")
        weights = list(weights)
        if len(weights) == n_classes - 1:
            weights = weights + [1.0 - sum(weights)]
    else:
        weights = [1.0 / n_classes] * n_classes
    n_useless = n_features - n_informative - n_redundant - n_repeated
    n_clusters = n_classes * n_clusters_per_class
    per_cluster = [int(n_samples * weights[k % n_classes] / n_clusters_per_class) for k in range(n_clusters)]
    for i in range(n_samples - sum(per_cluster)):
        per_cluster[i % n_clusters] += 1
    X = np.zeros((n_samples, n_features))
    y = np.zeros(n_samples, dtype=int)
    centroids = _generate_hypercube(n_clusters, n_informative, generator).astype(float)
    centroids *= 2 * class_sep
    centroids -= class_sep
    if not hypercube:
        centroids *= generator.uniform(size=(n_clusters, 1))
        centroids *= generator.uniform(size=(1, n_informative))
    X[:, :n_informative] = generator.standard_normal(size=(n_samples, n_informative))
    stop = 0
    for k in range(n_clusters):
        start, stop = stop, stop + per_cluster[k]
        y[start:stop] = k % n_classes
        A = 2 * generator.uniform(size=(n_informative, n_informative)) - 1
        # random covariance, then the cluster moved to its vertex
        X[start:stop, :n_informative] = np.dot(X[start:stop, :n_informative], A) + centroids[k]
    if n_redundant > 0:
        B = 2 * generator.uniform(size=(n_informative, n_redundant)) - 1
        X[:, n_informative:n_informative + n_redundant] = np.dot(X[:, :n_informative], B)
    if n_repeated > 0:
        n = n_informative + n_redundant
        indices = ((n - 1) * generator.uniform(size=n_repeated) + 0.5).astype(np.intp)
        X[:, n:n + n_repeated] = X[:, indices]
    if n_useless > 0:
        X[:, -n_useless:] = generator.standard_normal(size=(n_samples, n_useless))
    if flip_y >= 0.0:
        flip_mask = generator.uniform(size=n_samples) < flip_y
        y[flip_mask] = generator.randint(n_classes, size=int(flip_mask.sum()))
    if shift is None:
        shift = (2 * generator.uniform(size=n_features) - 1) * class_sep
    X += shift
    if scale is None:
        scale = 1 + 100 * generator.uniform(size=n_features)
    X *= scale
    if shuffle:
        X, y = _shuffle(X, y, random_state=generator)
        indices = np.arange(n_features)
        generator.shuffle(indices)
        X[:, :] = X[:, indices]
    return X, y
