# torch.fx in Kiln's Python: symbolic tracing (symbolic_trace, Tracer, Proxy, wrap), the graph IR
# (Graph, Node, map_arg), GraphModule with generated Python code, Interpreter / Transformer,
# subgraph_rewriter.replace_pattern and passes.shape_prop.ShapeProp, with PyTorch 2.11's names,
# printouts and errors. The native helpers are engine/bindings/fx.cpp (torch functions dispatching
# on Proxy arguments, nn.Module's tracing hooks, running generated code).
# What Kiln leaves out is listed in engine/capture/dynamo/README.md's torch.fx section.
import torch
import torch._C._nn
from torch.fx import _kiln


def _assert(condition, message):
    """torch._assert: `assert condition, message` that symbolic tracing records as a node."""
    from torch.fx.proxy import Proxy
    if isinstance(condition, Proxy):
        return Proxy.__torch_function__(_assert, (Proxy,), (condition, message), {})
    assert condition, message


if not hasattr(torch, "_assert"):
    torch._assert = _assert

from torch.fx.node import Node, map_arg, map_aggregate, has_side_effect
from torch.fx.graph import Graph, CodeGen
from torch.fx.proxy import Proxy, Attribute, TracerBase, GraphAppendingTracer, TraceError
from torch.fx._symbolic_trace import Tracer, symbolic_trace, wrap, PH, is_fx_tracing
from torch.fx.graph_module import GraphModule
from torch.fx.interpreter import Interpreter, Transformer
from torch.fx.subgraph_rewriter import replace_pattern
import torch.fx.node
import torch.fx.graph
import torch.fx.proxy
import torch.fx.graph_module
import torch.fx.interpreter
import torch.fx.subgraph_rewriter

__all__ = ["symbolic_trace", "Tracer", "wrap", "Graph", "GraphModule", "Interpreter", "Transformer", "Node",
           "Proxy", "replace_pattern", "has_side_effect", "map_arg", "CodeGen"]
