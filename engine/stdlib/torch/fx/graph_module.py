# torch.fx.graph_module: GraphModule, an nn.Module whose forward is Python source generated from its
# Graph (`gm.code`) and run as code, as in PyTorch: recompile() regenerates the source and compiles it
# under the name "<eval_with_key>.N" (tracebacks through a generated forward show its lines).
# Each GraphModule gets a class of its own (forward is a class attribute), named after the traced
# module (`type(symbolic_trace(M())).__name__ == "M"`).
#
# Kiln runs the generated text through torch.fx._kiln.exec_source (engine/bindings/fx.cpp): Kiln has
# no `exec` builtin. Left out: to_folder, colored/stride/device print_readable, and the pytree
# calling convention.
import torch
from torch.fx import _kiln
from torch.fx.graph import Graph

__all__ = ["GraphModule"]

_next_id = 0


def _exec_with_source(src, globals):
    global _next_id
    key = f"<eval_with_key>.{_next_id}"
    _next_id += 1
    return _kiln.exec_source(src, key, globals)


def _forward_from_src(src, globals):
    g = dict(globals)
    ns = _exec_with_source(src, g)
    return ns["forward"]


def _copy_attr(from_module, to_module, target):
    *prefix, field = target.split(".")
    for item in prefix:
        f = getattr(from_module, item)
        t = getattr(to_module, item, None)
        if f is t:
            return
        if t is None:
            t = torch.nn.Module()
            setattr(to_module, item, t)
        from_module, to_module = f, t
    orig = getattr(from_module, field)
    if isinstance(orig, torch.Tensor) and not isinstance(orig, torch.nn.Parameter):
        to_module.register_buffer(field, orig)
    else:
        setattr(to_module, field, orig)


def _assign_attr(from_obj, to_module, target):
    *prefix, field = target.split(".")
    for item in prefix:
        t = getattr(to_module, item, None)
        if t is None:
            t = torch.nn.Module()
            setattr(to_module, item, t)
        to_module = t
    if isinstance(from_obj, torch.Tensor) and not isinstance(from_obj, torch.nn.Parameter):
        to_module.register_buffer(field, from_obj)
    else:
        setattr(to_module, field, from_obj)


def _addindent(s_, num_spaces):
    s = s_.split("\n")
    if len(s) == 1:
        return s_
    first = s.pop(0)
    s = [(num_spaces * " ") + line for line in s]
    return first + "\n" + "\n".join(s)


def _print_readable(module, module_name, print_output):
    verbose_python_code = module.graph.python_code(root_module="self", verbose=True)
    module_code = verbose_python_code.src.lstrip("\n")
    module_code = f"class {module_name}(torch.nn.Module):\n" + module_code
    module_code = _addindent(module_code, 4)
    submodule_code_list = [""]
    for submodule_name, submodule in module.named_children():
        if hasattr(submodule, "graph"):
            submodule_code_list.append(_print_readable(submodule, submodule_name, False))
    submodule_code = _addindent("\n".join(submodule_code_list), 4)
    # PyTorch 2.11's printout has no trailing blanks: its last line is empty, not eight spaces.
    output = "\n".join(line.rstrip() for line in (module_code + submodule_code).split("\n"))
    if print_output:
        print(output)
    return output


class GraphModule(torch.nn.Module):
    def __new__(cls, *args, **kwargs):
        # Each instance has its own class, so that recompile() can set forward on it.
        # (named after the traced module from the start: `type(gm).__name__ == "M"`)
        for t in cls.__mro__:
            if not getattr(t, "_graph_module_impl", False) or t is GraphModule:
                cls = t
                break
        class_name = kwargs.get("class_name", args[2] if len(args) > 2 else "GraphModule")
        impl = type(class_name, (cls,), {"_graph_module_impl": True})
        return super().__new__(impl)

    def __init__(self, root, graph, class_name="GraphModule"):
        super().__init__()
        self.__class__.__name__ = class_name
        if isinstance(root, torch.nn.Module):
            if hasattr(root, "training"):
                self.training = root.training
            for node in graph.nodes:
                if node.op in ("get_attr", "call_module"):
                    _copy_attr(root, self, node.target)
        elif isinstance(root, dict):
            targets_to_copy = []
            for node in graph.nodes:
                if node.op in ("get_attr", "call_module"):
                    if node.target not in root:
                        raise RuntimeError("Node " + str(node) + " referenced target " + node.target
                                           + " but that target was not provided in ``root``!")
                    targets_to_copy.append(node.target)
            targets_to_copy.sort(key=lambda t: t.count("."))
            for target_to_copy in targets_to_copy:
                _assign_attr(root[target_to_copy], self, target_to_copy)
        else:
            raise RuntimeError("Unsupported type " + str(root) + " passed for root!")
        self.graph = graph
        self._tracer_cls = None
        if graph._tracer_cls and "<locals>" not in graph._tracer_cls.__qualname__:
            self._tracer_cls = graph._tracer_cls
        self.meta = {}

    @property
    def graph(self):
        return self._graph

    @graph.setter
    def graph(self, g):
        if not isinstance(g, Graph):
            raise AssertionError(f"Expected a Graph instance, but got {type(g)}")
        self._graph = g
        g.owning_module = self
        self.recompile()

    @property
    def code(self):
        if not hasattr(self, "_code"):
            raise RuntimeError("Code has not been generated! Please report a bug to PyTorch")
        return self._code

    def recompile(self):
        python_code = self._graph.python_code(root_module="self")
        self._code = python_code.src
        cls = type(self)
        cls.forward = _forward_from_src(self._code, python_code.globals)
        return python_code

    def print_readable(self, print_output=True, include_stride=False, include_device=False, colored=False):
        return _print_readable(self, self.__class__.__name__, print_output)

    def add_submodule(self, target, m):
        *prefix, field = target.split(".")
        mod = self
        for item in prefix:
            submod = getattr(mod, item, None)
            if submod is None:
                submod = torch.nn.Module()
                setattr(mod, item, submod)
            if not isinstance(submod, torch.nn.Module):
                return False
            mod = submod
        setattr(mod, field, m)
        return True

    def delete_submodule(self, target):
        atoms = target.split(".")
        path, target_submod = atoms[:-1], atoms[-1]
        mod = self
        for item in path:
            if not hasattr(mod, item):
                return False
            mod = getattr(mod, item)
            if not isinstance(mod, torch.nn.Module):
                return False
        if not hasattr(mod, target_submod):
            return False
        if not isinstance(getattr(mod, target_submod), torch.nn.Module):
            return False
        delattr(mod, target_submod)
        return True

    def delete_all_unused_submodules(self):
        used = []
        for node in self.graph.nodes:
            if node.op == "call_module" or node.op == "get_attr":
                fullpath = node.target.split(".")

                def join_fn(x, y):
                    return ".".join([x, y] if y else [x])

                path = ""
                for atom in fullpath:
                    path = join_fn(path, atom) if path else atom
                    used.append(path)
                if node.op == "call_module":
                    try:
                        submod = self.get_submodule(node.target)
                        for submod_name, _ in submod.named_modules():
                            if submod_name != "":
                                used.append(".".join([node.target, submod_name]))
                    except AttributeError:
                        pass
        to_delete = [name for name, _ in self.named_modules() if name not in used]
        for name in to_delete:
            if name:
                self.delete_submodule(name)

    def __str__(self):
        orig_str = torch.nn.Module.__repr__(self)
        print_readable_reminder = "# To see more debug info, please use `graph_module.print_readable()`"
        return "\n".join([orig_str, self._code, print_readable_reminder])
