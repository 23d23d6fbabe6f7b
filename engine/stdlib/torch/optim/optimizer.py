# torch.optim.optimizer: PyTorch's Optimizer base class in Kiln's Python, for programs' own
# optimizers (class MySGD(torch.optim.Optimizer)): param_groups (dicts filled from `defaults`), state
# (a defaultdict keyed by parameter), add_param_group with PyTorch's checks, zero_grad,
# state_dict/load_state_dict in PyTorch's packed layout (parameters as running indices, 'params'
# last in each group, state tensors cast to their parameter's dtype except 'step'), __repr__.
# torch.optim's own optimizers are native (engine/optim, bindings/optim.cpp, with the same
# state_dict layout); isinstance(opt, Optimizer) accepts them through the metaclass.
# (After the Python base torchapi wrote, commit 217ebc3.)
import warnings

import torch
import torch.optim as _optim

_NativeOptimizer = _optim._NativeOptimizer


def defaultdict(factory):
    # collections is imported when an optimizer is made, not when torch is
    from collections import defaultdict as dd

    return dd(factory)


def deepcopy(x):
    from copy import deepcopy as dc

    return dc(x)


class _RequiredParameter:
    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()


def _typename(obj):
    if isinstance(obj, torch.Tensor):
        return obj.type()
    t = type(obj)
    module = t.__module__
    return t.__qualname__ if module in ("builtins", None) else module + "." + t.__qualname__


def _get_scalar_dtype():
    return torch.float64 if torch.get_default_dtype() == torch.float64 else torch.float32


def _get_value(x):
    return x.item() if isinstance(x, torch.Tensor) else x


class _OptimizerMeta(type):
    # The native optimizers are Optimizers too (PyTorch's are all Python subclasses of it).
    def __instancecheck__(cls, obj):
        if cls is Optimizer and isinstance(obj, _NativeOptimizer):
            return True
        return cls in type(obj).__mro__

    def __subclasscheck__(cls, sub):
        if cls is Optimizer and issubclass(sub, _NativeOptimizer):
            return True
        return cls in sub.__mro__


def _state_dict(opt):
    param_mappings = {}
    start_index = 0

    def pack_group(group):
        nonlocal start_index
        packed = {k: v for k, v in group.items() if k != "params"}
        for i, p in enumerate(group["params"], start_index):
            if id(p) not in param_mappings:
                param_mappings[id(p)] = i
        packed["params"] = [param_mappings[id(p)] for p in group["params"]]
        start_index += len(packed["params"])
        return packed

    param_groups = [pack_group(g) for g in opt.param_groups]
    packed_state = {(param_mappings[id(k)] if isinstance(k, torch.Tensor) else k): v for k, v in opt.state.items()}
    return {"state": packed_state, "param_groups": param_groups}


def _cast_value(param, value, param_id, param_groups, key):
    fused = False
    capturable = False
    for pg in param_groups:
        if param_id in pg["params"]:
            fused = pg["fused"] if "fused" in pg else False
            capturable = pg["capturable"] if "capturable" in pg else False
            break
    if key == "step":
        if capturable or fused:
            return value.to(dtype=torch.float32, device=param.device)
        return value
    if param.is_floating_point():
        return value.to(dtype=param.dtype, device=param.device)
    return value.to(device=param.device)


def _cast(param, value, param_id=None, param_groups=None, key=None):
    if isinstance(value, torch.Tensor):
        return _cast_value(param, value, param_id, param_groups, key)
    if isinstance(value, dict):
        return {k: _cast(param, v, param_id=param_id, param_groups=param_groups, key=k) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_cast(param, v, param_id=param_id, param_groups=param_groups) for v in value)
    return value


def _load_state_dict(opt, state_dict):
    state_dict = state_dict.copy()
    groups = opt.param_groups
    saved_groups = deepcopy(state_dict["param_groups"])
    if len(groups) != len(saved_groups):
        raise ValueError("loaded state dict has a different number of parameter groups")
    for g, s in zip(groups, saved_groups):
        if len(g["params"]) != len(s["params"]):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the size of optimizer's group")
    id_map = {}
    for g, s in zip(groups, saved_groups):
        for saved_id, p in zip(s["params"], g["params"]):
            id_map[saved_id] = p
    state = defaultdict(dict)
    for k, v in state_dict["state"].items():
        if k in id_map:
            param = id_map[k]
            state[param] = _cast(param, v, param_id=k, param_groups=state_dict["param_groups"])
        else:
            state[k] = v
    new_groups = []
    for g, ng in zip(groups, saved_groups):
        ng["params"] = g["params"]
        if "param_names" in g and "param_names" not in ng:
            ng["param_names"] = g["param_names"]
        new_groups.append(ng)
    return state, new_groups


# ---- step and state_dict hooks (PyTorch's Optimizer hooks) ----------------------------------------
# Global hooks run for every optimizer's step, before (pre) and after (post) the instance's own; a
# hook is called as hook(optimizer, args, kwargs) with `args` the step's positional arguments, the
# optimizer first. A pre hook may return (new_args, new_kwargs).
_global_optimizer_pre_hooks = {}
_global_optimizer_post_hooks = {}


def _removable_handle(hooks_dict):
    from torch.utils.hooks import RemovableHandle

    return RemovableHandle(hooks_dict)


def register_optimizer_step_pre_hook(hook):
    handle = _removable_handle(_global_optimizer_pre_hooks)
    _global_optimizer_pre_hooks[handle.id] = hook
    return handle


def register_optimizer_step_post_hook(hook):
    handle = _removable_handle(_global_optimizer_post_hooks)
    _global_optimizer_post_hooks[handle.id] = hook
    return handle


def _hooks(opt, name):
    # the instance's hook dict, made at the first registration (the native optimizers keep it in
    # their attribute dict; Optimizer.__init__ makes it for Python ones, as PyTorch's)
    d = opt.__dict__.get(name)
    if d is None:
        from collections import OrderedDict

        d = OrderedDict()
        setattr(opt, name, d)
    return d


def _register(opt, name, hook, prepend=False):
    hooks = _hooks(opt, name)
    handle = _removable_handle(hooks)
    hooks[handle.id] = hook
    if prepend:
        hooks.move_to_end(handle.id, last=False)
    return handle


def _run_step_hooks(opt, func, args, kwargs):
    for pre_hook in list(_global_optimizer_pre_hooks.values()) + list(_hooks(opt, "_optimizer_step_pre_hooks").values()):
        result = pre_hook(opt, args, kwargs)
        if result is not None:
            if isinstance(result, tuple) and len(result) == 2:
                args, kwargs = result
            else:
                raise RuntimeError(f"{func} must return None or a tuple of (new_args, new_kwargs), but got {result}.")
    out = func(*args, **kwargs)
    for post_hook in list(_hooks(opt, "_optimizer_step_post_hooks").values()) + list(_global_optimizer_post_hooks.values()):
        post_hook(opt, args, kwargs)
    return out


def _hooked_native_step(*args, **kwargs):
    """A built-in optimizer's step() with hooks registered (bindings/optim.cpp calls this)."""
    opt = args[0]
    return _run_step_hooks(opt, type(opt)._kiln_step_unhooked, args, kwargs)


def _profile_hook_step(func):
    import functools

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return _run_step_hooks(args[0], func, args, kwargs)

    return wrapper


def _patch_step_function(opt):
    """PyTorch's Optimizer._patch_step_function: the class's step, wrapped once to run the hooks."""
    cls = opt.__class__
    if getattr(torch.optim, cls.__name__, None) is cls:
        return  # a built-in optimizer: its native step runs the hooks itself
    if not getattr(cls.step, "hooked", None):
        cls.step = _profile_hook_step(cls.step)
        cls.step.hooked = True


def register_step_pre_hook(self, hook):
    return _register(self, "_optimizer_step_pre_hooks", hook)


def register_step_post_hook(self, hook):
    return _register(self, "_optimizer_step_post_hooks", hook)


def register_state_dict_pre_hook(self, hook, prepend=False):
    return _register(self, "_optimizer_state_dict_pre_hooks", hook, prepend)


def register_state_dict_post_hook(self, hook, prepend=False):
    return _register(self, "_optimizer_state_dict_post_hooks", hook, prepend)


def register_load_state_dict_pre_hook(self, hook, prepend=False):
    return _register(self, "_optimizer_load_state_dict_pre_hooks", hook, prepend)


def register_load_state_dict_post_hook(self, hook, prepend=False):
    return _register(self, "_optimizer_load_state_dict_post_hooks", hook, prepend)


def _hooked_state_dict(opt, state_dict_fn):
    """state_dict() with the state-dict hooks: pre hooks see the optimizer, post hooks may replace
    the result (PyTorch's Optimizer.state_dict)."""
    for pre_hook in opt.__dict__.get("_optimizer_state_dict_pre_hooks", {}).values():
        pre_hook(opt)
    sd = state_dict_fn()
    for post_hook in opt.__dict__.get("_optimizer_state_dict_post_hooks", {}).values():
        hook_result = post_hook(opt, sd)
        if hook_result is not None:
            sd = hook_result
    return sd


def _hooked_load_state_dict(opt, state_dict, load_fn):
    """load_state_dict() with its hooks: pre hooks may replace the dict, post hooks see the optimizer."""
    state_dict = state_dict.copy()
    for pre_hook in opt.__dict__.get("_optimizer_load_state_dict_pre_hooks", {}).values():
        hook_result = pre_hook(opt, state_dict)
        if hook_result is not None:
            state_dict = hook_result
    load_fn(state_dict)
    for post_hook in opt.__dict__.get("_optimizer_load_state_dict_post_hooks", {}).values():
        post_hook(opt)


class Optimizer(metaclass=_OptimizerMeta):
    def __init__(self, params, defaults):
        from collections import OrderedDict

        self.defaults = defaults
        self._optimizer_step_pre_hooks = OrderedDict()
        self._optimizer_step_post_hooks = OrderedDict()
        self._optimizer_state_dict_pre_hooks = OrderedDict()
        self._optimizer_state_dict_post_hooks = OrderedDict()
        self._optimizer_load_state_dict_pre_hooks = OrderedDict()
        self._optimizer_load_state_dict_post_hooks = OrderedDict()
        self._patch_step_function()
        if isinstance(params, torch.Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of Tensors or dicts, but got "
                            + _typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        param_groups = list(params)
        if len(param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(param_groups[0], dict):
            param_groups = [{"params": param_groups}]
        for param_group in param_groups:
            self.add_param_group(param_group)

    def __getstate__(self):
        return {"defaults": self.defaults, "state": self.state, "param_groups": self.param_groups}

    def __setstate__(self, state):
        for key, value in state.items():
            setattr(self, key, value)
        for name in ("_optimizer_step_pre_hooks", "_optimizer_step_post_hooks", "_optimizer_state_dict_pre_hooks",
                     "_optimizer_state_dict_post_hooks", "_optimizer_load_state_dict_pre_hooks",
                     "_optimizer_load_state_dict_post_hooks"):
            _hooks(self, name)
        self._patch_step_function()  # an unpickled optimizer of a class not made yet in this process
        self.defaults.setdefault("differentiable", False)

    _patch_step_function = _patch_step_function
    register_step_pre_hook = register_step_pre_hook
    register_step_post_hook = register_step_post_hook
    register_state_dict_pre_hook = register_state_dict_pre_hook
    register_state_dict_post_hook = register_state_dict_post_hook
    register_load_state_dict_pre_hook = register_load_state_dict_pre_hook
    register_load_state_dict_post_hook = register_load_state_dict_post_hook

    def _optimizer_step_code(self):
        """Entry point for the profiler's optimizer-step events (empty, as PyTorch's)."""

    def __repr__(self):
        format_string = self.__class__.__name__ + " ("
        for i, group in enumerate(self.param_groups):
            format_string += "\n"
            format_string += f"Parameter Group {i}\n"
            for key in sorted(group.keys()):
                if key != "params":
                    format_string += f"    {key}: {group[key]}\n"
        format_string += ")"
        return format_string

    def add_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group).__name__}")
        params = param_group["params"]
        if isinstance(params, torch.Tensor):
            param_group["params"] = [params]
        elif isinstance(params, (set, frozenset)):
            raise TypeError("optimizer parameters need to be organized in ordered collections, but the ordering of "
                            "tensors in sets will change between runs. Please use a list instead.")
        else:
            param_group["params"] = list(params)
        extracted_param_tensors = []
        extracted_param_names = []
        for param in param_group["params"]:
            if isinstance(param, tuple):
                extracted_param_names.append(param[0])
                extracted_param_tensors.append(param[1])
            else:
                extracted_param_tensors.append(param)
        param_group["params"] = extracted_param_tensors
        if len(extracted_param_names) != 0:
            if len(extracted_param_names) == len(extracted_param_tensors):
                param_group["param_names"] = extracted_param_names
            else:
                raise ValueError("all optimizer params should be with/without names. Some param names are missing")
        for param in param_group["params"]:
            if not isinstance(param, torch.Tensor):
                raise TypeError("optimizer can only optimize Tensors, but one of the params is " + _typename(param))
            if not self.defaults.get("differentiable", None) and not (param.is_leaf or param.retains_grad):
                raise ValueError("can't optimize a non-leaf Tensor")
        for name, default in self.defaults.items():
            if default is required and name not in param_group:
                raise ValueError(f"parameter group didn't specify a value of required optimization parameter {name}")
            param_group.setdefault(name, default)
        params = param_group["params"]
        if len(params) != len(set(params)):
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in future, this will cause "
                          "an error; see github.com/pytorch/pytorch/issues/40967 for more information", stacklevel=3)
        param_set = set()
        for group in self.param_groups:
            param_set.update(set(group["params"]))
            if ("param_names" in param_group) != ("param_names" in group):
                current_group_txt = "with names" if "param_names" in param_group else "without names"
                raise ValueError("all optimizer param groups should be with/without names. "
                                 f"cannot add param group {current_group_txt} to the optimizer")
        if not param_set.isdisjoint(set(param_group["params"])):
            raise ValueError("some parameters appear in more than one parameter group")
        self.param_groups.append(param_group)

    def zero_grad(self, set_to_none=True):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    elif p.grad.is_sparse:
                        # a sparse gradient's zero_(): no entries left (ATen's zero_sparse_)
                        g = p.grad
                        p.grad = type(g)(g._indices()[:, :0], g._values()[:0], g.shape, True)
                    else:
                        if p.grad.grad_fn is not None:
                            p.grad.detach_()
                        else:
                            p.grad.requires_grad_(False)
                        p.grad.zero_()

    def state_dict(self):
        return _hooked_state_dict(self, lambda: _state_dict(self))

    def load_state_dict(self, state_dict):
        def load(sd):
            state, new_groups = _load_state_dict(self, sd)
            self.__setstate__({"state": state, "param_groups": new_groups})

        _hooked_load_state_dict(self, state_dict, load)

    def step(self, closure=None):
        raise NotImplementedError


# ---- pickling and copying torch.optim's native optimizers ------------------------------------------
# Optimizer.__setstate__ / __deepcopy__ of the native optimizers (bindings/optim.cpp) call these.
# The state is PyTorch's Optimizer.__getstate__: {'defaults', 'state', 'param_groups'}, the groups
# holding the parameters themselves and `state` keyed by them, as pickle and copy.deepcopy hand it
# over (a file written by PyTorch's torch.save(optimizer) has the same layout).


def _native_setstate(opt, state):
    """Completes a blank native optimizer (or replaces a live one's contents) from `state`."""
    if not isinstance(state, dict):
        raise TypeError(f"{type(opt).__name__}.__setstate__ expects a dict, not {type(state).__name__}")
    groups = state.get("param_groups")
    if groups is None:
        raise KeyError("param_groups")
    defaults = state.get("defaults") or {}
    # The groups carry every option explicitly, so the class is called with them alone (the saved
    # defaults may name options this Kiln build's signature lacks); `defaults` is kept as saved.
    # the built-in class the optimizer is (or derives from): a subclass's __init__ may take other arguments
    native = next(c for c in type(opt).__mro__ if getattr(torch.optim, c.__name__, None) is c)
    fresh = native([dict(g) for g in groups])
    opt._kiln_adopt(fresh)
    opt.defaults.clear()
    opt.defaults.update(defaults)
    per_param = state.get("state") or {}
    if per_param:
        index = {}
        for group in opt.param_groups:
            for p in group["params"]:
                index.setdefault(id(p), len(index))
        packed = {}
        for p, s in per_param.items():
            i = index.get(id(p))
            if i is not None and s:
                packed[i] = s
        if packed:
            numbered = []
            n = 0
            for group in opt.param_groups:
                g = {k: v for k, v in group.items() if k != "params"}
                g["params"] = list(range(n, n + len(group["params"])))
                n += len(group["params"])
                numbered.append(g)
            opt.load_state_dict({"state": packed, "param_groups": numbered})
    _patch_step_function(opt)


def _native_deepcopy(opt, memo):
    """copy.deepcopy(optimizer): a new optimizer of the same class over the deep-copied parameters
    (the same copies as a module deep-copied with the same memo) and deep-copied state."""
    from copy import deepcopy as dc

    cls = type(opt)
    y = cls.__new__(cls)
    memo[id(opt)] = y
    y.__setstate__(dc(opt.__getstate__(), memo))
    return y
