# numpy.core.multiarray: NumPy 1.x's module path of the pickle hooks (numpy._core.multiarray).
from numpy._core.multiarray import _reconstruct, scalar

__all__ = ["_reconstruct", "scalar"]
