# torch.onnx: exporting to ONNX is not something Kiln does (it has no ONNX writer), so importing the
# module works (scripts import it at the top) and export() says so where it is called.

__all__ = ["export", "is_in_onnx_export"]


def export(model, args=(), f=None, *posargs, **kwargs):
    raise NotImplementedError(
        "torch.onnx.export is not supported in Kiln: it has no ONNX exporter (see torch.export or "
        "torch.jit.save for the graph forms Kiln can save)"
    )


def is_in_onnx_export():
    return False
