# torch.backends.openmp: whether the CPU kernels can use OpenMP threads; Kiln's native builds do.


def is_available():
    return True
