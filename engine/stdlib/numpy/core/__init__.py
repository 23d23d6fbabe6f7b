# numpy.core: NumPy 1.x's name of numpy._core, still importable in NumPy 2 (pickles made by NumPy 1.x
# name numpy.core.multiarray._reconstruct).
