# sklearn.utils.class_weight for Kiln: compute_class_weight, the per-class weights an imbalanced
# classifier hands to CrossEntropyLoss(weight=...), and compute_sample_weight, with scikit-learn 1.9's
# 'balanced' rule n_samples / (n_classes * bincount(y)) over the sorted classes.
import numpy as np


def _encode(y):
    y = np.asarray(y.detach().cpu().numpy() if hasattr(y, "detach") else y)
    classes, y_ind = np.unique(y, return_inverse=True)
    return classes, y_ind.reshape(-1)


def compute_class_weight(class_weight, *, classes, y, sample_weight=None):
    classes = np.asarray(classes)
    le_classes, y_ind = _encode(y)
    if set(le_classes.tolist()) - set(classes.tolist()):
        raise ValueError("classes should include all valid labels that can be in y")
    if class_weight is None or len(class_weight) == 0:
        return np.ones(classes.shape[0], dtype=np.float64, order="C")
    if class_weight == "balanced":
        if not all(np.isin(classes, le_classes)):
            raise ValueError("classes should have valid labels that are in y")
        sw = np.ones(len(y_ind), dtype=np.float64) if sample_weight is None else np.asarray(sample_weight, dtype=np.float64)
        weighted_class_counts = np.bincount(y_ind, weights=sw)
        recip_freq = weighted_class_counts.sum() / (len(le_classes) * weighted_class_counts)
        return recip_freq[np.searchsorted(le_classes, classes)]
    if not isinstance(class_weight, dict):
        raise ValueError("class_weight must be dict, 'balanced', or None, got: %r" % (class_weight,))
    weight = np.ones(classes.shape[0], dtype=np.float64, order="C")
    unweighted = []
    for i, c in enumerate(classes.tolist()):
        if c in class_weight:
            weight[i] = class_weight[c]
        else:
            unweighted.append(c)
    n_weighted = classes.shape[0] - len(unweighted)
    if unweighted and n_weighted != len(class_weight):
        raise ValueError(f"The classes, {np.array(unweighted).tolist()}, are not in class_weight")
    return weight


def compute_sample_weight(class_weight, y, *, indices=None):
    y = np.asarray(y.detach().cpu().numpy() if hasattr(y, "detach") else y)
    if y.ndim != 1:
        raise NotImplementedError("compute_sample_weight: multi-output targets are not supported in Kiln's scikit-learn")
    if indices is not None:
        raise NotImplementedError("compute_sample_weight(indices=...) is not supported in Kiln's scikit-learn")
    classes = np.unique(y)
    weights = compute_class_weight(class_weight, classes=classes, y=y)
    return weights[np.searchsorted(classes, y)]
