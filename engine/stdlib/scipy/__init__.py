# scipy for Kiln: the few SciPy functions PyTorch scripts call beside NumPy, written over Kiln's NumPy:
# scipy.spatial.distance (cdist, pdist, squareform and the single-pair metrics, as graph-building code
# such as rasbt/deeplearning-models' GNN notebooks uses them) and scipy.special (expit, logit, softmax,
# log_softmax, logsumexp). Each follows SciPy 1.16: inputs become float64, pairwise distances are
# accumulated feature by feature in order (SciPy's C loops), and the errors are SciPy's.
# Not provided (a ModuleNotFoundError names the submodule): scipy.sparse, scipy.linalg, scipy.stats,
# scipy.signal, scipy.optimize, scipy.ndimage, scipy.io, scipy.interpolate.
__version__ = "1.16.2"
