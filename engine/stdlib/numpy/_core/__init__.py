# numpy._core: the package NumPy 2 keeps its implementation in. Kiln's NumPy is engine/bindings/numpy.cpp
# and numpy.py; this package exists for the names pickles refer to (numpy._core.multiarray).
