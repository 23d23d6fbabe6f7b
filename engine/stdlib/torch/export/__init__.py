# torch.export: export(mod, args, kwargs=None, *, dynamic_shapes=None, strict=False) captures a module's
# forward as an ExportedProgram, the ATen-level graph PyTorch 2.11 calls the training IR, with the
# parameters and buffers lifted to inputs (see _trace.py for how Kiln captures it and its limits),
# Dim / dims / ShapesCollection for dynamic_shapes, and the graph signature classes.
# save/load (.pt2 archives) are not implemented: they raise NotImplementedError naming themselves.
from torch.export.dynamic_shapes import Dim, dims, ShapesCollection
from torch.export.graph_signature import (ExportGraphSignature, ExportBackwardSignature, InputKind, InputSpec,
                                          OutputKind, OutputSpec, TensorArgument, SymIntArgument,
                                          ConstantArgument, CustomObjArgument)
from torch.export.exported_program import ExportedProgram, ModuleCallSignature, ModuleCallEntry
from torch.export._trace import export
import torch.export.graph_signature
import torch.export.exported_program
import torch.export.dynamic_shapes

__all__ = ["Constraint", "Dim", "ExportBackwardSignature", "ExportGraphSignature", "ExportedProgram",
           "ModuleCallEntry", "ModuleCallSignature", "dims", "export", "export_for_training", "load", "register_dataclass",
           "save", "ShapesCollection", "unflatten", "default_decompositions"]


def export_for_training(mod, args, kwargs=None, *, dynamic_shapes=None, strict=False,
                        preserve_module_call_signature=()):
    """The training IR export (what export() itself returns since PyTorch 2.6)."""
    return export(mod, args, kwargs, dynamic_shapes=dynamic_shapes, strict=strict,
                  preserve_module_call_signature=preserve_module_call_signature)


def default_decompositions():
    """The decomposition table run_decompositions() uses by default (Kiln's is built in: an empty dict)."""
    return {}


def save(ep, f, *, extra_files=None, opset_version=None, pickle_protocol=2):
    raise NotImplementedError("torch.export.save: Kiln cannot write .pt2 archives yet")


def load(f, *, extra_files=None, expected_opset_version=None):
    raise NotImplementedError("torch.export.load: Kiln cannot read .pt2 archives yet")


def register_dataclass(cls, *, serialized_type_name=None):
    """Registers a dataclass as an input/output container (Kiln flattens dataclasses by their fields)."""
    return cls


def unflatten(ep, flat_args_adapter=None):
    raise NotImplementedError("torch.export.unflatten: Kiln cannot rebuild the module hierarchy of an "
                              "ExportedProgram yet")
