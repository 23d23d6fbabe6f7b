# torch.backends: the switches programs set for the libraries under PyTorch (cuDNN, cuBLAS's TF32,
# MPS). Kiln computes with its own kernels, so the flags are kept (programs read back what they
# set, as in PyTorch) but change nothing; the availability queries answer for Kiln (no cuDNN, no
# MPS, no MKL-DNN; OpenMP natively).
