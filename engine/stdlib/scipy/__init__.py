# scipy for Kiln: the few SciPy functions PyTorch scripts call beside NumPy, written over Kiln's NumPy:
# scipy.spatial.distance (cdist, pdist, squareform and the single-pair metrics, as graph-building code
# such as rasbt/deeplearning-models' GNN notebooks uses them), scipy.special (expit, logit, softmax,
# log_softmax, logsumexp) and scipy.optimize.linear_sum_assignment (DETR-style matchers). Each follows
# SciPy 1.16: inputs become float64, pairwise distances are accumulated feature by feature in order
# (SciPy's C loops), the assignment solver is SciPy's algorithm step by step, and the errors are SciPy's.
# Not provided (a ModuleNotFoundError names the submodule): scipy.sparse, scipy.linalg, scipy.stats,
# scipy.signal, scipy.ndimage, scipy.io, scipy.interpolate; of scipy.optimize only linear_sum_assignment.
__version__ = "1.16.2"
