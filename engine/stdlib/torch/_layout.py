# torch.layout and its values: torch.strided (every native Kiln tensor), torch.sparse_coo (the
# sparse COO tensors of torch/sparse/), and the layouts Kiln has no tensors for (sparse_csr,
# sparse_csc, sparse_bsr, sparse_bsc, jagged, _mkldnn), which programs still compare against
# (`x.layout == torch.sparse_csr`). The printed names are PyTorch's (`torch.strided`).

__all__ = ["layout", "strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr", "sparse_bsc", "jagged",
           "_mkldnn"]


class layout:
    __module__ = "torch"

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return "torch." + self._name

    def __reduce__(self):
        return self._name


strided = layout("strided")
sparse_coo = layout("sparse_coo")
sparse_csr = layout("sparse_csr")
sparse_csc = layout("sparse_csc")
sparse_bsr = layout("sparse_bsr")
sparse_bsc = layout("sparse_bsc")
jagged = layout("jagged")
_mkldnn = layout("_mkldnn")
