# copy: shallow and deep copies as CPython 3.11's: atomic values are returned as they are, lists,
# dicts, tuples and sets are rebuilt, objects with __copy__/__deepcopy__ copy themselves, other
# instances get a new object of the same class whose __dict__ (or __getstate__/__setstate__ state)
# is copied. deepcopy keeps a memo (id -> copy) so shared and cyclic references stay shared.
# torch tensors deep-copy as PyTorch's Tensor.__deepcopy__ (graph leaves only; values, requires_grad,
# .grad kept), Parameters as Parameter.__deepcopy__ (data and requires_grad, no .grad); nn.Modules
# through Module.__deepcopy__ (engine/bindings/nn.cpp).

__all__ = ['Error', 'copy', 'deepcopy']


class Error(Exception):
    pass


error = Error

_ATOMIC_NAMES = ('NoneType', 'int', 'float', 'bool', 'complex', 'str', 'bytes', 'type', 'range', 'function',
                 'builtin_function_or_method', 'ellipsis', 'NotImplementedType', 'code', 'property', 'dtype',
                 'device', 'layout', 'memory_format', 'finfo', 'iinfo')


def _is_atomic(x):
    t = type(x)
    if isinstance(x, type):
        return True
    if t.__name__ == 'ReferenceType' and t.__module__ == 'weakref':  # CPython's d[weakref.ref] (exact type)
        return True
    return t.__name__ in _ATOMIC_NAMES and t.__module__ in ('builtins', 'torch')


def _is_tensor(x):
    t = type(x)
    return t.__module__.startswith('torch') and t.__name__ in ('Tensor', 'Parameter', 'Buffer')


def _is_module(x):
    for k in type(x).__mro__:
        if k.__name__ == 'Module' and k.__module__.startswith('torch.nn'):
            return True
    return False


def _is_native_mapping(x):
    # The OrderedDict that state_dict() returns is a native mapping (no __dict__ to copy).
    t = type(x)
    return t.__module__ == 'collections' and not hasattr(x, '__dict__') and hasattr(t, 'items')


def _uncopyable(x):
    return TypeError(f"cannot pickle '{type(x).__name__}' object")


def _new_like(x):
    cls = type(x)
    y = object.__new__(cls)
    setstate = getattr(cls, '__setstate__', None)
    getstate = getattr(cls, '__getstate__', None)
    state = x.__getstate__() if getstate is not None else _dict_and_slots(x)
    return y, state, setstate


def _dict_and_slots(x):
    # the instance dict plus the set slots of a class with __slots__ whose base lacks them (its
    # __dict__ does not hold them), which object.__reduce_ex__ carries as its (dict, slots) state
    import copyreg
    state = vars(x)
    names = copyreg._slotnames(type(x))
    if names:
        state = dict(state)
        for name in names:
            try:
                state[name] = getattr(x, name)
            except AttributeError:
                pass
    return state


def _install_state(y, state, setstate):
    if setstate is not None:
        y.__setstate__(state)
        return
    if state:
        for k, v in state.items():
            object.__setattr__(y, k, v)


def _defines_reduce(cls):
    # Whether a class of the MRO below object defines __reduce_ex__ or __reduce__ (or copyreg has a
    # reducer for it): CPython's copy then rebuilds the object from that reduction.
    import copyreg
    if cls in copyreg.dispatch_table:
        return True
    for klass in cls.__mro__:
        if klass is object:
            return False
        d = klass.__dict__
        if '__reduce_ex__' in d or '__reduce__' in d:
            return True
    return False


def _reduced_copy(x, memo):
    # CPython's copy.copy/deepcopy fallback: x.__reduce_ex__(4) (pickle's reduction step, which also
    # covers copyreg's table and object's __getstate__ reduction) and _reconstruct; a string result
    # means the object is a global and is its own copy.
    import pickle
    rv = pickle._reduce_value(x, 4)
    if isinstance(rv, str):
        return x
    return _reconstruct(x, memo, *rv)


def _new_copy_ok(x, memo):
    # deepcopy's form of copy()'s __new__ rule above: True when the reduction rebuilt x (memo[id(x)]
    # holds the copy), False when cls.__new__ wants arguments it does not give (the instance-dict copy)
    try:
        memo[id(x)] = _reduced_copy(x, memo)
        return True
    except TypeError:
        memo.pop(id(x), None)
        return False


def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, state_setter=None):
    deep = memo is not None
    if deep and args:
        args = deepcopy(args, memo)
    y = func(*args)
    if deep:
        memo[id(x)] = y
    if state is not None:
        if deep:
            state = deepcopy(state, memo)
        if state_setter is not None:
            state_setter(y, state)
        elif hasattr(y, '__setstate__'):
            y.__setstate__(state)
        else:
            if isinstance(state, tuple) and len(state) == 2:
                state, slotstate = state
            else:
                slotstate = None
            if state is not None:
                for k, v in state.items():
                    object.__setattr__(y, k, v)
            if slotstate is not None:
                for k, v in slotstate.items():
                    setattr(y, k, v)
    if listiter is not None:
        for item in listiter:
            y.append(deepcopy(item, memo) if deep else item)
    if dictiter is not None:
        for key, value in dictiter:
            if deep:
                key = deepcopy(key, memo)
                value = deepcopy(value, memo)
            y[key] = value
    return y


def copy(x):
    cls = type(x)
    if _is_atomic(x):
        return x
    if cls is list:
        return list(x)
    if cls is dict:
        return dict(x)
    if cls is tuple:
        return x
    if cls.__name__ == 'set' and cls.__module__ == 'builtins':
        return x.copy()
    f = getattr(cls, '__copy__', None)
    if f is not None:
        return x.__copy__()
    if _is_native_mapping(x):
        return cls(list(x.items()))
    if cls.__name__ == 'method' and cls.__module__ == 'builtins':
        # CPython rebuilds it through method.__reduce__ (getattr(obj, name)): an equal method, same object
        return cls(x.__func__, x.__self__)
    if _is_tensor(x) or _is_module(x):
        raise NotImplementedError(f'copy.copy() of a {cls.__name__} is not supported in Kiln; use .clone() '
                                  'or copy.deepcopy() for tensors')
    if _defines_reduce(cls):
        return _reduced_copy(x, None)
    if cls.__module__ == 'builtins':
        # CPython's __reduce_ex__ of a built-in value (slice, ...); "cannot pickle 'X' object" for
        # those with no reduction (generators, frames)
        return _reduced_copy(x, None)
    if not hasattr(x, '__dict__'):
        # a built-in type whose state pickling knows (torch.optim's optimizers: __getstate__), as
        # object.__reduce_ex__ finds it; its "cannot pickle" TypeError otherwise
        return _reduced_copy(x, None)
    if cls.__new__ is not object.__new__:
        # object.__reduce_ex__'s copyreg.__newobj__: cls.__new__(cls, *__getnewargs__()) (a singleton's
        # __new__ returns itself, a native optimizer makes a blank one); Kiln's own classes that stand
        # for CPython's C types (datetime.date) need arguments there and copy their instance dict
        try:
            return _reduced_copy(x, None)
        except TypeError:
            pass
    y, state, setstate = _new_like(x)
    if state:
        state = dict(state)
    _install_state(y, state, setstate)
    if isinstance(x, dict):  # a dict subclass: its items too (CPython's __reduce_ex__ carries them)
        for k, v in dict.items(x):
            dict.__setitem__(y, k, v)
    if isinstance(x, list):  # a list subclass: its items (object.__reduce_ex__'s listitems)
        list.extend(y, list(list.__iter__(x)))
    return y


def _keep_alive(x, memo):
    # Keeps originals alive for the memo's lifetime, so their ids cannot be reused (CPython does the same).
    try:
        memo[id(memo)].append(x)
    except KeyError:
        memo[id(memo)] = [x]


def _deepcopy_tensor(x, memo):
    import torch
    if type(x).__name__ == 'Parameter':
        # Parameter.__deepcopy__: a new Parameter of the cloned data and requires_grad only; its
        # .grad is not copied (a deep-copied module starts without gradients).
        y = torch.nn.Parameter(x.data.clone(), x.requires_grad)
        memo[id(x)] = y
        return y
    if x.grad_fn is not None:
        raise RuntimeError('Only Tensors created explicitly by the user (graph leaves) support the deepcopy '
                           'protocol at the moment.  If you were attempting to deepcopy a module, this may be '
                           'because of a torch.nn.utils.weight_norm usage, see '
                           'https://github.com/pytorch/pytorch/pull/103001')
    with torch.no_grad():
        data = x.detach().clone()
    y = data
    if x.requires_grad:
        y.requires_grad_(True)
    memo[id(x)] = y
    if x.grad is not None:
        y.grad = deepcopy(x.grad, memo)
    return y


def _is_tensor_subclass(x):
    return any(k.__name__ == 'Tensor' and k.__module__ == 'torch' for k in type(x).__mro__[1:])


def _deepcopy_tensor_subclass(x, memo):
    # A program's torch.Tensor / nn.Parameter subclass without its own __deepcopy__.
    import torch
    cls = type(x)
    if any(k.__name__ == 'Parameter' and k.__module__.startswith('torch') for k in cls.__mro__):
        # Parameter.__deepcopy__: the class called with the cloned data and requires_grad
        y = cls(x.data.clone(), x.requires_grad)
        memo[id(x)] = y
        return y
    # Tensor.__deepcopy__ as the subclass's __torch_function__ runs it (torch functions off): the new
    # tensor comes from new_empty([]), so it must be of the subclass, then takes a copy of the data,
    # requires_grad, a deep copy of .grad and of the instance __dict__
    with torch._C.DisableTorchFunctionSubclass():
        if not x.is_leaf:
            raise RuntimeError('Only Tensors created explicitly by the user (graph leaves) support the deepcopy '
                               'protocol at the moment.  If you were attempting to deepcopy a module, this may be '
                               'because of a torch.nn.utils.weight_norm usage, see '
                               'https://github.com/pytorch/pytorch/pull/103001')
        with torch.no_grad():
            y = x.new_empty([])
            if type(y) is not cls:
                raise RuntimeError(
                    'The default implementation of __deepcopy__() for non-wrapper subclasses only works for '
                    'subclass types that implement new_empty() and for which that function returns another '
                    'instance of the same subclass. You should either properly implement new_empty() for your '
                    'subclass or override __deepcopy__() if it is intended behavior for new_empty() to return an '
                    'instance of a different type.')
            y.set_(x.detach().clone())
        if x.requires_grad:
            y.requires_grad_()
        if x.grad is not None:
            y.grad = deepcopy(x.grad, memo)
        for k, v in deepcopy(dict(vars(x)), memo).items():
            setattr(y, k, v)
    memo[id(x)] = y
    return y


def deepcopy(x, memo=None, _nil=[]):
    if memo is None:
        memo = {}
    d = id(x)
    y = memo.get(d, _nil)
    if y is not _nil:
        return y
    cls = type(x)
    if _is_atomic(x):
        return x
    if cls is list:
        y = []
        memo[d] = y
        for a in x:
            y.append(deepcopy(a, memo))
    elif cls is tuple:
        items = [deepcopy(a, memo) for a in x]
        # A tuple whose items were all returned unchanged is itself returned (and may already be memoized
        # by a cycle through it).
        if d in memo:
            return memo[d]
        same = True
        for a, b in zip(x, items):
            if a is not b:
                same = False
                break
        y = x if same else tuple(items)
    elif cls is dict:
        y = {}
        memo[d] = y
        for k, v in x.items():
            y[deepcopy(k, memo)] = deepcopy(v, memo)
    elif cls.__name__ == 'set' and cls.__module__ == 'builtins':
        y = set()
        memo[d] = y
        for a in x:
            y.add(deepcopy(a, memo))
    else:
        f = getattr(cls, '__deepcopy__', None)
        if f is not None:
            y = x.__deepcopy__(memo)
        elif _is_tensor(x):
            y = _deepcopy_tensor(x, memo)
        elif _is_tensor_subclass(x):
            y = _deepcopy_tensor_subclass(x, memo)
        elif cls.__name__ == 'method' and cls.__module__ == 'builtins':
            # a bound method is rebound to the copy of its object (CPython's _deepcopy_method): a module
            # whose hook dict holds `self._hook` copies with hooks that call the copy
            y = cls(x.__func__, deepcopy(x.__self__, memo))
        elif _is_native_mapping(x):
            y = cls()
            memo[d] = y
            for k, v in x.items():
                y[deepcopy(k, memo)] = deepcopy(v, memo)
        elif _defines_reduce(cls):
            y = _reduced_copy(x, memo)
        elif cls.__module__ == 'builtins':
            y = _reduced_copy(x, memo)
        elif not hasattr(x, '__dict__'):
            y = _reduced_copy(x, memo)
        elif cls.__new__ is not object.__new__ and _new_copy_ok(x, memo):
            y = memo[d]
        else:
            y, state, setstate = _new_like(x)
            memo[d] = y
            if state:
                state = deepcopy(state, memo)
            _install_state(y, state, setstate)
            if isinstance(x, dict):
                for k, v in dict.items(x):
                    dict.__setitem__(y, deepcopy(k, memo), deepcopy(v, memo))
            if isinstance(x, list):
                for a in list(list.__iter__(x)):
                    list.append(y, deepcopy(a, memo))
    # Objects that return themselves are not memoized under their own id (CPython's rule).
    if y is not x:
        memo[d] = y
        _keep_alive(x, memo)
    return y
