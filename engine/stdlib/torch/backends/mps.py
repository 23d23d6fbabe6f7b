# torch.backends.mps: Apple's Metal backend, which Kiln does not have (device "mps" is not a Kiln
# device), so both queries answer False as on a PyTorch build without MPS.


def is_available():
    return False


def is_built():
    return False
