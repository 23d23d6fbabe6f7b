# unittest.mock: CPython 3.12's mock objects as test files use them: Mock, MagicMock, NonCallableMock,
# NonCallableMagicMock, PropertyMock, the `call`/`ANY`/`sentinel`/`DEFAULT` helpers, patch (decorator,
# class decorator, context manager, start/stop), patch.object, patch.dict, patch.multiple,
# patch.stopall, create_autospec (spec plus call-signature checks), mock_open and seal.
# Behaviour follows CPython's: child mocks made on attribute access and named by their path
# ('mock.a.b()'), call recording into call_args/call_args_list/method_calls/mock_calls up the parent
# chain, side_effect (exception, iterable, callable, DEFAULT), return_value, wraps, spec/spec_set
# (attribute checks, __class__ for isinstance, signature-aware call comparison), configure_mock with
# dotted names, reset_mock, attach_mock, and the assert_* methods with CPython's messages.
# Each mock has a class of its own (as in CPython) so magic methods can be set per mock. MagicMock's
# magic methods are data descriptors on that class (_MagicProxy): reading `m.__len__` gives the child
# mock, and Kiln's dunder dispatch, which calls a class attribute with the instance first, reaches the
# same child through _MagicProxy.__call__. AsyncMock is importable but Kiln has no coroutines: calling
# one raises NotImplementedError.

import inspect as _inspect
import sys as _sys
import builtins as _builtins
import functools as _functools

__all__ = ("Mock", "MagicMock", "patch", "sentinel", "DEFAULT", "ANY", "call", "create_autospec",
           "AsyncMock", "FILTER_DIR", "NonCallableMock", "NonCallableMagicMock", "mock_open",
           "PropertyMock", "seal")

FILTER_DIR = True


# ---- sentinels ------------------------------------------------------------------------------------

class _SentinelObject:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "sentinel.%s" % self.name

    def __reduce__(self):
        return "sentinel.%s" % self.name


class _Sentinel:
    """Access attributes to return a named object, usable as a sentinel."""

    def __init__(self):
        self._sentinels = {}

    def __getattr__(self, name):
        if name == "__bases__":
            raise AttributeError
        return self._sentinels.setdefault(name, _SentinelObject(name))


sentinel = _Sentinel()
DEFAULT = sentinel.DEFAULT
_missing = sentinel.MISSING
_deleted = sentinel.DELETED


class _ANY:
    "A helper object that compares equal to everything."

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = object.__hash__

    def __repr__(self):
        return "<ANY>"


ANY = _ANY()


# ---- magic method tables ---------------------------------------------------------------------------

_magic_methods = ("lt le gt ge eq ne getitem setitem delitem len contains iter hash str sizeof "
                  "enter exit divmod rdivmod neg pos abs invert complex int float index round trunc "
                  "floor ceil bool next fspath")
_numerics = "add sub mul matmul truediv floordiv mod lshift rshift and xor or pow"
_inplace = " ".join("i%s" % n for n in _numerics.split())
_right = " ".join("r%s" % n for n in _numerics.split())
_magics = {"__%s__" % m for m in " ".join([_magic_methods, _numerics, _inplace, _right]).split()}
_non_defaults = {"__get__", "__set__", "__delete__", "__reversed__", "__missing__", "__reduce__",
                 "__reduce_ex__", "__getinitargs__", "__getnewargs__", "__getstate__",
                 "__setstate__", "__getformat__", "__repr__", "__dir__", "__subclasses__",
                 "__format__", "__getnewargs_ex__"}
_all_magics = _magics | _non_defaults
_unsupported_magics = {"__getattr__", "__setattr__", "__init__", "__new__", "__prepare__",
                       "__instancecheck__", "__subclasscheck__", "__del__"}

_return_values = {"__lt__": NotImplemented, "__gt__": NotImplemented, "__le__": NotImplemented,
                  "__ge__": NotImplemented, "__int__": 1, "__contains__": False, "__len__": 0,
                  "__exit__": False, "__complex__": 1j, "__float__": 1.0, "__bool__": True,
                  "__index__": 1}


def _is_magic(name):
    return "__%s__" % name[2:-2] == name


def _is_exception(obj):
    return isinstance(obj, BaseException) or (isinstance(obj, type) and issubclass(obj, BaseException))


def _is_instance_mock(obj):
    return issubclass(type(obj), NonCallableMock)


def _is_list(obj):
    return type(obj) in (list, tuple)


def _callable(obj):
    if isinstance(obj, type):
        return True
    if isinstance(obj, (staticmethod, classmethod)):
        return _callable(obj.__func__)
    return callable(obj)


def _safe_repr(obj):
    try:
        return repr(obj)
    except Exception:
        return object.__repr__(obj)


def _format_call_signature(name, args, kwargs):
    message = "%s(%%s)" % name
    args_string = ", ".join([repr(a) for a in args])
    kwargs_string = ", ".join(["%s=%r" % (k, v) for k, v in kwargs.items()])
    if args_string and kwargs_string:
        formatted = args_string + ", " + kwargs_string
    else:
        formatted = args_string or kwargs_string
    return message % formatted


def _try_iter(obj):
    if obj is None or _is_exception(obj) or _callable(obj):
        return obj
    try:
        return iter(obj)
    except TypeError:
        return obj


def _check_and_set_parent(parent, value, name, new_name):
    if not _is_instance_mock(value):
        return False
    d = value.__dict__
    if (d["_mock_name"] or d["_mock_new_name"]) or (d["_mock_parent"] is not None) or \
            (d["_mock_new_parent"] is not None):
        return False
    p = parent
    while p is not None:
        if p is value:    # a mock cannot be its own ancestor
            return False
        p = p.__dict__["_mock_new_parent"]
    object.__setattr__(value, "_mock_new_parent", parent)
    object.__setattr__(value, "_mock_new_name", new_name)
    if name:
        object.__setattr__(value, "_mock_parent", parent)
        object.__setattr__(value, "_mock_name", name)
    return True


def _signature_of(spec, as_instance=False, eat_self=False):
    # the signature calls to a mock with this spec are bound against (CPython's _get_signature_object)
    if isinstance(spec, type) and not as_instance:
        func = spec.__init__ if "__init__" in dir(spec) else None
        eat_self = True
        if func is None or func is object.__init__:
            try:
                return _inspect.signature(spec)
            except (TypeError, ValueError):
                return None
    elif not isinstance(spec, type) and not callable(spec):
        return None
    elif isinstance(spec, type) and as_instance:
        func = getattr(spec, "__call__", None)
        if func is None:
            return None
        eat_self = True
    else:
        func = spec
    try:
        sig = _inspect.signature(func)
    except (TypeError, ValueError):
        return None
    if eat_self:
        params = list(sig.parameters.values())
        if params and params[0].kind in (params[0].POSITIONAL_ONLY, params[0].POSITIONAL_OR_KEYWORD) \
                and not _inspect.ismethod(func):
            sig = sig.replace(parameters=params[1:])
    return sig


# ---- call objects -----------------------------------------------------------------------------------

class _Call(tuple):
    """A tuple for holding the results of a call to a mock: (args, kwargs) or (name, args, kwargs)."""

    def __new__(cls, value=(), name="", parent=None, two=False, from_kall=True):
        args = ()
        kwargs = {}
        n = len(value)
        if n == 3:
            name, args, kwargs = value
        elif n == 2:
            first, second = value
            if isinstance(first, str):
                name = first
                if isinstance(second, tuple):
                    args = second
                else:
                    kwargs = second
            else:
                args, kwargs = first, second
        elif n == 1:
            value, = value
            if isinstance(value, str):
                name = value
            elif isinstance(value, tuple):
                args = value
            else:
                kwargs = value
        if two:
            return tuple.__new__(cls, (args, kwargs))
        return tuple.__new__(cls, (name, args, kwargs))

    def __init__(self, value=(), name=None, parent=None, two=False, from_kall=True):
        self._mock_name = name
        self._mock_parent = parent
        self._mock_from_kall = from_kall

    def __eq__(self, other):
        try:
            len_other = len(other)
        except TypeError:
            return NotImplemented
        self_name = ""
        if len(self) == 2:
            self_args, self_kwargs = self
        else:
            self_name, self_args, self_kwargs = self
        sp = getattr(self, "_mock_parent", None)
        op = getattr(other, "_mock_parent", None)
        if sp is not None and op is not None and sp != op:
            return False
        other_name = ""
        if len_other == 0:
            other_args, other_kwargs = (), {}
        elif len_other == 3:
            other_name, other_args, other_kwargs = other
        elif len_other == 1:
            value, = other
            if isinstance(value, tuple):
                other_args = value
                other_kwargs = {}
            elif isinstance(value, str):
                other_name = value
                other_args, other_kwargs = (), {}
            else:
                other_args = ()
                other_kwargs = value
        elif len_other == 2:
            first, second = other
            if isinstance(first, str):
                other_name = first
                if isinstance(second, tuple):
                    other_args, other_kwargs = second, {}
                else:
                    other_args, other_kwargs = (), second
            else:
                other_args, other_kwargs = first, second
        else:
            return False
        if self_name and other_name != self_name:
            return False
        return (other_args, other_kwargs) == (self_args, self_kwargs)

    def __ne__(self, other):
        r = self.__eq__(other)
        if r is NotImplemented:
            return r
        return not r

    __hash__ = None

    def __call__(self, /, *args, **kwargs):
        if self._mock_name is None:
            return _Call(("", args, kwargs), name="()")
        name = self._mock_name + "()"
        return _Call((self._mock_name, args, kwargs), name=name, parent=self)

    def __getattr__(self, attr):
        if attr.startswith("_mock_"):
            raise AttributeError(attr)
        if self._mock_name is None:
            return _Call(name=attr, from_kall=False)
        name = "%s.%s" % (self._mock_name, attr)
        return _Call(name=name, parent=self, from_kall=False)

    def count(self, /, *args, **kwargs):
        return self.__getattr__("count")(*args, **kwargs)

    def index(self, /, *args, **kwargs):
        return self.__getattr__("index")(*args, **kwargs)

    def _get_call_arguments(self):
        if len(self) == 2:
            args, kwargs = self
        else:
            name, args, kwargs = self
        return args, kwargs

    @property
    def args(self):
        return self._get_call_arguments()[0]

    @property
    def kwargs(self):
        return self._get_call_arguments()[1]

    def __repr__(self):
        if not self._mock_from_kall:
            name = self._mock_name or "call"
            if name.startswith("()"):
                name = "call%s" % name
            return name
        if len(self) == 2:
            name = "call"
            args, kwargs = self
        else:
            name, args, kwargs = self
            if not name:
                name = "call"
            elif not name.startswith("()"):
                name = "call.%s" % name
            else:
                name = "call%s" % name
        return _format_call_signature(name, args, kwargs)

    def call_list(self):
        vals = []
        thing = self
        while thing is not None:
            if thing._mock_from_kall:
                vals.append(thing)
            thing = thing._mock_parent
        return _CallList(reversed(vals))


call = _Call(from_kall=False)


class _CallList(list):

    def __contains__(self, value):
        if not isinstance(value, list):
            return list.__contains__(self, value)
        len_value = len(value)
        len_self = len(self)
        if len_value > len_self:
            return False
        for i in range(0, len_self - len_value + 1):
            sub_list = self[i:i + len_value]
            if sub_list == value:
                return True
        return False

    def __repr__(self):
        import pprint
        return pprint.pformat(list(self))


# ---- NonCallableMock ----------------------------------------------------------------------------------

_allowed_names = {"return_value", "_mock_return_value", "side_effect", "_mock_side_effect",
                  "_mock_parent", "_mock_new_parent", "_mock_name", "_mock_new_name"}
_ATTRIB_DENY_LIST = {name.removeprefix("assert_") for name in
                     ("assert_called", "assert_called_once", "assert_called_with",
                      "assert_called_once_with", "assert_any_call", "assert_has_calls",
                      "assert_not_called")}


class _MagicProxy:
    # A MagicMock's magic method: reading it gives (and first makes) the child mock; Kiln's dunder
    # dispatch calls the class attribute with the instance first, which lands in __call__.
    def __init__(self, name):
        self.name = name

    def __get__(self, obj, _type=None):
        if obj is None:
            return self
        children = obj.__dict__["_mock_children"]
        m = children.get(self.name)
        if m is None:
            m = obj._get_child_mock(name=self.name, _new_name=self.name, _new_parent=obj)
            _set_return_value(obj, m, self.name)
            children[self.name] = m
        return m

    def __set__(self, obj, value):
        obj.__setattr__(self.name, value)

    def __call__(self, obj, /, *args, **kwargs):
        return self.__get__(obj, type(obj))(*args, **kwargs)


def _get_eq(self):
    def __eq__(other):
        ret_val = self.__eq__._mock_return_value
        if ret_val is not DEFAULT:
            return ret_val
        if self is other:
            return True
        return NotImplemented
    return __eq__


def _get_ne(self):
    def __ne__(other):
        if self.__ne__._mock_return_value is not DEFAULT:
            return DEFAULT
        if self is other:
            return False
        return NotImplemented
    return __ne__


def _get_iter(self):
    def __iter__():
        ret_val = self.__iter__._mock_return_value
        if ret_val is DEFAULT:
            return iter([])
        return iter(ret_val)
    return __iter__


_side_effect_methods = {"__eq__": _get_eq, "__ne__": _get_ne, "__iter__": _get_iter}


def _set_return_value(mock, method, name):
    fixed = _return_values.get(name, DEFAULT)
    if fixed is not DEFAULT:
        method.return_value = fixed
        return
    if name == "__hash__":
        method.return_value = object.__hash__(mock)
        return
    if name == "__str__":
        method.return_value = object.__str__(mock)
        return
    if name == "__sizeof__":
        method.return_value = object.__sizeof__(mock) if hasattr(object, "__sizeof__") else 32
        return
    if name == "__fspath__":
        method.return_value = f"{type(mock).__name__}/{mock._extract_mock_name()}/{id(mock)}"
        return
    effector = _side_effect_methods.get(name)
    if effector is not None:
        method.side_effect = effector(mock)


class Base:
    _mock_return_value = DEFAULT
    _mock_side_effect = None

    def __init__(self, /, *args, **kwargs):
        pass


class NonCallableMock(Base):
    """A non-callable version of `Mock`"""

    def __new__(cls, /, *args, **kw):
        # every instance gets a class of its own, so that magic methods can be set on it
        new = type(cls.__name__, (cls,), {"__doc__": cls.__doc__, "__module__": cls.__module__})
        return object.__new__(new)

    def __init__(self, spec=None, wraps=None, name=None, spec_set=None, parent=None,
                 _spec_state=None, _new_name="", _new_parent=None, _spec_as_instance=False,
                 _eat_self=None, unsafe=False, **kwargs):
        if _new_parent is None:
            _new_parent = parent
        d = object.__setattr__
        d(self, "_mock_parent", parent)
        d(self, "_mock_name", name)
        d(self, "_mock_new_name", _new_name)
        d(self, "_mock_new_parent", _new_parent)
        d(self, "_mock_sealed", False)
        if spec_set is not None:
            spec = spec_set
            spec_set = True
        if _eat_self is None:
            _eat_self = parent is not None
        d(self, "_mock_children", {})
        d(self, "_spec_class", None)
        d(self, "_spec_set", None)
        d(self, "_spec_signature", None)
        d(self, "_mock_methods", None)
        d(self, "_mock_add_spec_done", True)
        self._mock_add_spec(spec, spec_set, _spec_as_instance, _eat_self)
        d(self, "_mock_wraps", wraps)
        d(self, "_mock_delegate", None)
        d(self, "_mock_called", False)
        d(self, "_mock_call_args", None)
        d(self, "_mock_call_count", 0)
        d(self, "_mock_call_args_list", _CallList())
        d(self, "_mock_mock_calls", _CallList())
        d(self, "method_calls", _CallList())
        d(self, "_mock_unsafe", unsafe)
        if kwargs:
            self.configure_mock(**kwargs)
        Base.__init__(self)

    # recorded state (properties so that assignments to them stay plain data)
    def _getter(name):
        def get(self):
            return self.__dict__[name]

        def set(self, value):
            object.__setattr__(self, name, value)
        return property(get, set)

    called = _getter("_mock_called")
    call_count = _getter("_mock_call_count")
    call_args = _getter("_mock_call_args")
    call_args_list = _getter("_mock_call_args_list")
    mock_calls = _getter("_mock_mock_calls")
    del _getter

    def attach_mock(self, mock, attribute):
        d = object.__setattr__
        d(mock, "_mock_parent", None)
        d(mock, "_mock_new_parent", None)
        d(mock, "_mock_name", "")
        d(mock, "_mock_new_name", None)
        setattr(self, attribute, mock)

    def mock_add_spec(self, spec, spec_set=False):
        self._mock_add_spec(spec, spec_set)

    def _mock_add_spec(self, spec, spec_set, _spec_as_instance=False, _eat_self=False):
        _spec_class = None
        _spec_signature = None
        if spec is not None and not _is_list(spec):
            if isinstance(spec, type):
                _spec_class = spec
            else:
                _spec_class = type(spec)
            _spec_signature = _signature_of(spec, _spec_as_instance, _eat_self)
            spec = dir(spec)
        d = object.__setattr__
        d(self, "_spec_class", _spec_class)
        d(self, "_spec_set", spec_set)
        d(self, "_spec_signature", _spec_signature)
        d(self, "_mock_methods", spec)

    def __get_return_value(self):
        ret = self._mock_return_value
        if self._mock_delegate is not None:
            ret = self._mock_delegate.return_value
        if ret is DEFAULT:
            ret = self._get_child_mock(_new_parent=self, _new_name="()")
            self.return_value = ret
        return ret

    def __set_return_value(self, value):
        if self._mock_delegate is not None:
            self._mock_delegate.return_value = value
        else:
            object.__setattr__(self, "_mock_return_value", value)
            _check_and_set_parent(self, value, None, "()")

    return_value = property(__get_return_value, __set_return_value)

    @property
    def __class__(self):
        if self._spec_class is None:
            return type(self)
        return self._spec_class

    def __get_side_effect(self):
        delegated = self._mock_delegate
        if delegated is None:
            return self._mock_side_effect
        return delegated.side_effect

    def __set_side_effect(self, value):
        value = _try_iter(value)
        delegated = self._mock_delegate
        if delegated is None:
            object.__setattr__(self, "_mock_side_effect", value)
        else:
            delegated.side_effect = value

    side_effect = property(__get_side_effect, __set_side_effect)

    def reset_mock(self, visit=None, *, return_value=False, side_effect=False):
        if visit is None:
            visit = []
        for v in visit:
            if v is self:
                return
        visit.append(self)
        d = object.__setattr__
        d(self, "_mock_called", False)
        d(self, "_mock_call_args", None)
        d(self, "_mock_call_count", 0)
        d(self, "_mock_mock_calls", _CallList())
        d(self, "_mock_call_args_list", _CallList())
        d(self, "method_calls", _CallList())
        if return_value:
            d(self, "_mock_return_value", DEFAULT)
        if side_effect:
            d(self, "_mock_side_effect", None)
        for child in self._mock_children.values():
            if isinstance(child, _SpecState) or child is _deleted:
                continue
            if _is_instance_mock(child):
                child.reset_mock(visit, return_value=return_value, side_effect=side_effect)
        ret = self._mock_return_value
        if _is_instance_mock(ret) and ret is not self:
            ret.reset_mock(visit)

    def configure_mock(self, /, **kwargs):
        for arg, val in sorted(kwargs.items(), key=lambda entry: entry[0].count(".")):
            args = arg.split(".")
            final = args.pop()
            obj = self
            for entry in args:
                obj = getattr(obj, entry)
            setattr(obj, final, val)

    def __getattr__(self, name):
        if name.startswith("_mock_") or name in ("_spec_class", "_spec_set", "_spec_signature",
                                                 "_mock_methods"):
            raise AttributeError(name)
        methods = self.__dict__.get("_mock_methods")
        if methods is not None:
            if name not in methods or name in _all_magics:
                raise AttributeError("Mock object has no attribute %r" % name)
        elif _is_magic(name):
            raise AttributeError(name)
        if not self.__dict__.get("_mock_unsafe") and (not methods or name not in methods):
            if name.startswith(("assert", "assret", "asert", "aseert", "assrt")) or \
                    name in _ATTRIB_DENY_LIST:
                raise AttributeError(
                    f"{name!r} is not a valid assertion. Use a spec for the mock if {name!r} is "
                    "meant to be an attribute.")
        children = self.__dict__["_mock_children"]
        result = children.get(name)
        if result is _deleted:
            raise AttributeError(name)
        if result is None:
            if self.__dict__.get("_mock_sealed"):
                mock_name = self._extract_mock_name() + "." + name
                raise AttributeError(mock_name)
            wraps = None
            if self._mock_wraps is not None:
                wraps = getattr(self._mock_wraps, name)
            result = self._get_child_mock(parent=self, name=name, wraps=wraps, _new_name=name,
                                          _new_parent=self)
            children[name] = result
        elif isinstance(result, _SpecState):
            result = create_autospec(result.spec, result.spec_set, result.instance, result.parent,
                                     result.name)
            children[name] = result
        return result

    def _extract_mock_name(self):
        _name_list = [self._mock_new_name]
        _parent = self._mock_new_parent
        last = self
        dot = "."
        if _name_list == ["()"]:
            dot = ""
        while _parent is not None:
            last = _parent
            _name_list.append(_parent._mock_new_name + dot)
            dot = "."
            if _parent._mock_new_name == "()":
                dot = ""
            _parent = _parent._mock_new_parent
        _name_list = list(reversed(_name_list))
        _first = last._mock_name or "mock"
        if len(_name_list) > 1:
            if _name_list[1] not in ("()", "()."):
                _first += "."
        _name_list[0] = _first
        return "".join(_name_list)

    def __repr__(self):
        name = self._extract_mock_name()
        name_string = ""
        if name not in ("mock", "mock."):
            name_string = " name=%r" % name
        spec_string = ""
        if self._spec_class is not None:
            spec_string = " spec=%r"
            if self._spec_set:
                spec_string = " spec_set=%r"
            spec_string = spec_string % self._spec_class.__name__
        return "<%s%s%s id='%s'>" % (type(self).__name__, name_string, spec_string, id(self))

    def __dir__(self):
        extras = self._mock_methods or []
        from_type = dir(type(self))
        from_dict = list(self.__dict__)
        from_child_mocks = [m_name for m_name, m_value in self._mock_children.items()
                            if m_value is not _deleted]
        from_type = [e for e in from_type if not e.startswith("_")]
        from_dict = [e for e in from_dict if not e.startswith("_") or _is_magic(e)]
        return sorted(set(extras + from_type + from_dict + from_child_mocks))

    def __setattr__(self, name, value):
        if name in _allowed_names:
            return object.__setattr__(self, name, value)
        elif (self._spec_set and self._mock_methods is not None and name not in self._mock_methods
              and name not in self.__dict__):
            raise AttributeError("Mock object has no attribute '%s'" % name)
        elif name in _unsupported_magics:
            raise AttributeError("Attempting to set unsupported magic method %r." % name)
        elif name in _all_magics:
            if self._mock_methods is not None and name not in self._mock_methods:
                raise AttributeError("Mock object has no attribute '%s'" % name)
            if not _is_instance_mock(value):
                original = value
                setattr(type(self), name, _get_method(name, original))
                self._mock_children.pop(name, None)
                return object.__setattr__(self, name,
                                          lambda *args, **kw: original(self, *args, **kw))
            _check_and_set_parent(self, value, None, name)
            if not isinstance(type(self).__dict__.get(name), _MagicProxy):
                setattr(type(self), name, _MagicProxy(name))
            self._mock_children[name] = value
            return None
        elif name == "_mock_methods":
            object.__setattr__(self, "_spec_class", None)
            return object.__setattr__(self, name, value)
        elif _check_and_set_parent(self, value, name, name):
            self._mock_children[name] = value
        if self._mock_sealed and not hasattr(self, name):
            mock_name = f"{self._extract_mock_name()}.{name}"
            raise AttributeError(f"Cannot set {mock_name}")
        if name in self._mock_children and not _is_instance_mock(value):
            del self._mock_children[name]
        return object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in _all_magics and name in type(self).__dict__:
            delattr(type(self), name)
            if name not in self.__dict__:
                return
        obj = self._mock_children.get(name, _missing)
        if name in self.__dict__:
            object.__delattr__(self, name)
        elif obj is _deleted:
            raise AttributeError(name)
        if obj is not _missing:
            del self._mock_children[name]
        self._mock_children[name] = _deleted

    def _format_mock_call_signature(self, args, kwargs):
        name = self._mock_name or "mock"
        return _format_call_signature(name, args, kwargs)

    def _format_mock_failure_message(self, args, kwargs, action="call"):
        message = "expected %s not found.\nExpected: %s\n  Actual: %s"
        expected_string = self._format_mock_call_signature(args, kwargs)
        call_args = self.call_args
        actual_string = self._format_mock_call_signature(*call_args)
        return message % (action, expected_string, actual_string)

    def _get_call_signature_from_name(self, name):
        if not name:
            return self._spec_signature
        sig = None
        names = name.replace("()", "").split(".")
        children = self._mock_children
        for name in names:
            child = children.get(name)
            if child is None or isinstance(child, _SpecState):
                break
            children = child._mock_children
            sig = child._spec_signature
        return sig

    def _call_matcher(self, _call):
        if isinstance(_call, tuple) and len(_call) > 2:
            sig = self._get_call_signature_from_name(_call[0])
        else:
            sig = self._spec_signature
        if sig is not None:
            if len(_call) == 2:
                name = ""
                args, kwargs = _call
            else:
                name, args, kwargs = _call
            try:
                bound_call = sig.bind(*args, **kwargs)
                return call(name, bound_call.args, bound_call.kwargs)
            except TypeError as e:
                return e.with_traceback(None)
        return _call

    def assert_not_called(self):
        if self.call_count != 0:
            msg = ("Expected '%s' to not have been called. Called %s times.%s"
                   % (self._mock_name or "mock", self.call_count, self._calls_repr()))
            raise AssertionError(msg)

    def assert_called(self):
        if self.call_count == 0:
            msg = "Expected '%s' to have been called." % (self._mock_name or "mock")
            raise AssertionError(msg)

    def assert_called_once(self):
        if not self.call_count == 1:
            msg = ("Expected '%s' to have been called once. Called %s times.%s"
                   % (self._mock_name or "mock", self.call_count, self._calls_repr()))
            raise AssertionError(msg)

    def assert_called_with(self, /, *args, **kwargs):
        if self.call_args is None:
            expected = self._format_mock_call_signature(args, kwargs)
            actual = "not called."
            error_message = ("expected call not found.\nExpected: %s\n  Actual: %s"
                             % (expected, actual))
            raise AssertionError(error_message)
        expected = self._call_matcher(_Call((args, kwargs), two=True))
        actual = self._call_matcher(self.call_args)
        if actual != expected:
            cause = expected if isinstance(expected, Exception) else None
            raise AssertionError(self._format_mock_failure_message(args, kwargs)) from cause

    def assert_called_once_with(self, /, *args, **kwargs):
        if not self.call_count == 1:
            msg = ("Expected '%s' to be called once. Called %s times.%s"
                   % (self._mock_name or "mock", self.call_count, self._calls_repr()))
            raise AssertionError(msg)
        return self.assert_called_with(*args, **kwargs)

    def assert_has_calls(self, calls, any_order=False):
        expected = [self._call_matcher(c) for c in calls]
        cause = next((e for e in expected if isinstance(e, Exception)), None)
        all_calls = _CallList(self._call_matcher(c) for c in self.mock_calls)
        if not any_order:
            if expected not in all_calls:
                if cause is None:
                    problem = "Calls not found."
                else:
                    problem = ("Error processing expected calls.\n"
                               "Errors: {}").format(
                        [e if isinstance(e, Exception) else None for e in expected])
                raise AssertionError(
                    f"{problem}\n"
                    f"Expected: {_CallList(calls)}"
                    f'{self._calls_repr(prefix="  Actual").rstrip(".")}'
                ) from cause
            return
        all_calls = list(all_calls)
        not_found = []
        for kall in expected:
            try:
                all_calls.remove(kall)
            except ValueError:
                not_found.append(kall)
        if not_found:
            raise AssertionError(
                "%r does not contain all of %r in its call list, found %r instead"
                % (self._mock_name or "mock", tuple(not_found), all_calls)) from cause

    def assert_any_call(self, /, *args, **kwargs):
        expected = self._call_matcher(_Call((args, kwargs), two=True))
        cause = expected if isinstance(expected, Exception) else None
        actual = [self._call_matcher(c) for c in self.call_args_list]
        if cause or expected not in _AnyComparer(actual):
            expected_string = self._format_mock_call_signature(args, kwargs)
            raise AssertionError("%s call not found" % expected_string) from cause

    def _get_child_mock(self, /, **kw):
        _type = type(self)
        if not issubclass(_type, CallableMixin):
            if issubclass(_type, NonCallableMagicMock):
                klass = MagicMock
            elif issubclass(_type, NonCallableMock):
                klass = Mock
        else:
            klass = _type.__mro__[1]
        if self._mock_sealed:
            attribute = f".{kw['name']}" if "name" in kw else "()"
            mock_name = self._extract_mock_name() + attribute
            raise AttributeError(mock_name)
        return klass(**kw)

    def _calls_repr(self, prefix="Calls"):
        if not self.mock_calls:
            return ""
        return f"\n{prefix}: {_safe_repr(self.mock_calls)}."


class _AnyComparer(list):
    # `in` with the expected item on the left, so ANY inside an expected call matches
    def __contains__(self, item):
        for _call in self:
            if len(item) != len(_call):
                continue
            if all(expected == actual for expected, actual in zip(item, _call)):
                return True
        return False


def _get_method(name, func):
    "Turns a callable object (like a mock) into a real function"
    def method(self, /, *args, **kw):
        return func(self, *args, **kw)
    method.__name__ = name
    return method


class CallableMixin(Base):

    def __init__(self, spec=None, side_effect=None, return_value=DEFAULT, wraps=None, name=None,
                 spec_set=None, parent=None, _spec_state=None, _new_name="", _new_parent=None,
                 **kwargs):
        object.__setattr__(self, "_mock_return_value", return_value)
        NonCallableMock.__init__(self, spec, wraps, name, spec_set, parent, _spec_state,
                                 _new_name, _new_parent, **kwargs)
        self.side_effect = side_effect

    def _mock_check_sig(self, /, *args, **kwargs):
        pass

    def __call__(self, /, *args, **kwargs):
        # only autospecced mocks check their arguments (CPython's _check_sig), plain spec= does not
        if self.__dict__.get("_mock_check_sig_on"):
            sig = self._spec_signature
            if sig is not None:
                sig.bind(*args, **kwargs)    # a TypeError as the real callable would raise
        self._increment_mock_call(*args, **kwargs)
        return self._mock_call(*args, **kwargs)

    def _mock_call(self, /, *args, **kwargs):
        return self._execute_mock_call(*args, **kwargs)

    def _increment_mock_call(self, /, *args, **kwargs):
        d = object.__setattr__
        d(self, "_mock_called", True)
        d(self, "_mock_call_count", self._mock_call_count + 1)
        _call = _Call((args, kwargs), two=True)
        d(self, "_mock_call_args", _call)
        self._mock_call_args_list.append(_call)
        do_method_calls = self._mock_parent is not None
        method_call_name = self._mock_name
        mock_call_name = self._mock_new_name
        is_a_call = mock_call_name == "()"
        self._mock_mock_calls.append(_Call(("", args, kwargs)))
        _new_parent = self._mock_new_parent
        while _new_parent is not None:
            if do_method_calls:
                _new_parent.method_calls.append(_Call((method_call_name, args, kwargs)))
                do_method_calls = _new_parent._mock_parent is not None
                if do_method_calls:
                    method_call_name = _new_parent._mock_name + "." + method_call_name
            this_mock_call = _Call((mock_call_name, args, kwargs))
            _new_parent._mock_mock_calls.append(this_mock_call)
            if _new_parent._mock_new_name:
                if is_a_call:
                    dot = ""
                else:
                    dot = "."
                is_a_call = _new_parent._mock_new_name == "()"
                mock_call_name = _new_parent._mock_new_name + dot + mock_call_name
            _new_parent = _new_parent._mock_new_parent

    def _execute_mock_call(self, /, *args, **kwargs):
        effect = self.side_effect
        if effect is not None:
            if _is_exception(effect):
                raise effect
            elif not _callable(effect):
                result = next(effect)
                if _is_exception(result):
                    raise result
            else:
                result = effect(*args, **kwargs)
            if result is not DEFAULT:
                return result
        if self._mock_return_value is not DEFAULT:
            return self.return_value
        if self._mock_delegate is not None and self._mock_delegate.return_value is not DEFAULT:
            return self.return_value
        if self._mock_wraps is not None:
            return self._mock_wraps(*args, **kwargs)
        return self.return_value


class Mock(CallableMixin, NonCallableMock):
    """Create a new `Mock` object. `Mock` takes several optional arguments that specify the
    behaviour of the Mock object: spec, spec_set, side_effect, return_value, wraps, name,
    unsafe, and keyword arguments that configure attributes."""


# ---- MagicMock -------------------------------------------------------------------------------------

class MagicMixin(Base):
    def __init__(self, /, *args, **kw):
        self._mock_set_magics()
        super().__init__(*args, **kw)
        self._mock_set_magics()

    def _mock_set_magics(self):
        these_magics = _magics
        methods = self.__dict__.get("_mock_methods")
        _type = type(self)
        if methods is not None:
            these_magics = _magics.intersection(methods)
            for entry in _magics - these_magics:
                if entry in _type.__dict__:
                    delattr(_type, entry)
        these_magics = these_magics - set(_type.__dict__)
        for entry in these_magics:
            setattr(_type, entry, _MagicProxy(entry))


class NonCallableMagicMock(MagicMixin, NonCallableMock):
    """A version of `MagicMock` that isn't callable."""

    def mock_add_spec(self, spec, spec_set=False):
        self._mock_add_spec(spec, spec_set)
        self._mock_set_magics()


class MagicMock(MagicMixin, Mock):
    """MagicMock is a subclass of Mock with default implementations of most of the magic
    methods."""

    def mock_add_spec(self, spec, spec_set=False):
        self._mock_add_spec(spec, spec_set)
        self._mock_set_magics()


class AsyncMock(MagicMock):
    """An asynchronous version of `MagicMock` (Kiln has no coroutines: calling it raises)."""

    def __call__(self, /, *args, **kwargs):
        raise NotImplementedError("AsyncMock: Kiln has no coroutines (async def is not supported)")


class PropertyMock(Mock):
    """A mock intended to be used as a property, or other descriptor, on a class."""

    def _get_child_mock(self, /, **kwargs):
        return MagicMock(**kwargs)

    def __get__(self, obj, obj_type=None):
        return self()

    def __set__(self, obj, val):
        self(val)


# ---- spec states and create_autospec -----------------------------------------------------------

class _SpecState:
    def __init__(self, spec, spec_set=False, parent=None, name=None, ids=None, instance=False):
        self.spec = spec
        self.ids = ids
        self.spec_set = spec_set
        self.parent = parent
        self.instance = instance
        self.name = name


def create_autospec(spec, spec_set=False, instance=False, _parent=None, _name=None, *,
                    unsafe=False, **kwargs):
    """Create a mock object using another object as a spec: attributes are mocked from the spec
    on first use and functions/methods check their call signatures."""
    if _is_list(spec):
        spec = type(spec)
    is_type = isinstance(spec, type)
    _kwargs = {"spec": spec}
    if spec_set:
        _kwargs = {"spec_set": spec}
    elif spec is None:
        _kwargs = {}
    if _kwargs and instance:
        _kwargs["_spec_as_instance"] = True
    _kwargs.update(kwargs)
    Klass = MagicMock
    if _inspect.isdatadescriptor(spec):
        _kwargs = {}
    elif not _callable(spec):
        Klass = NonCallableMagicMock
    elif is_type and instance and not hasattr(spec, "__call__"):
        Klass = NonCallableMagicMock
    _name = _kwargs.pop("name", _name)
    _new_name = _name
    if _parent is None:
        _new_name = ""
    mock = Klass(parent=_parent, _new_parent=_parent, _new_name=_new_name, name=_name,
                 unsafe=unsafe, **_kwargs)
    object.__setattr__(mock, "_mock_check_sig_on", True)
    if is_type and not instance and "return_value" not in kwargs:
        mock.return_value = create_autospec(spec, spec_set, instance=True, _name="()",
                                            _parent=mock)
    for entry in dir(spec):
        if _is_magic(entry):
            continue
        try:
            original = getattr(spec, entry)
        except AttributeError:
            continue
        if isinstance(original, (_types_function(), type(len))) or _inspect.ismethod(original):
            # methods check their signature; a class's plain functions lose `self`
            eat_self = is_type and not isinstance(spec.__dict__.get(entry), staticmethod)
            new = MagicMock(parent=mock, name=entry, _new_name=entry, _new_parent=mock,
                            spec=original, _eat_self=eat_self)
            object.__setattr__(new, "_mock_check_sig_on", True)
            mock._mock_children[entry] = new
        else:
            mock._mock_children[entry] = _SpecState(original, spec_set, mock, entry, None,
                                                    instance=not isinstance(original, type))
    return mock


def _types_function():
    def f():
        pass
    return type(f)


# ---- seal ---------------------------------------------------------------------------------------

def seal(mock):
    """Disable the automatic generation of child mocks."""
    object.__setattr__(mock, "_mock_sealed", True)
    for attr in dir(mock):
        try:
            m = getattr(mock, attr)
        except AttributeError:
            continue
        if not _is_instance_mock(m):
            continue
        if m._mock_new_parent is mock:
            seal(m)


# ---- mock_open ----------------------------------------------------------------------------------

def _to_stream(read_data):
    import io
    if isinstance(read_data, bytes):
        return io.BytesIO(read_data)
    return io.StringIO(read_data)


def mock_open(mock=None, read_data=""):
    """A helper function to create a mock to replace the use of `open`."""
    _read_data = _to_stream(read_data)
    _state = [_read_data, None]

    def _readlines_side_effect(*args, **kwargs):
        if handle.readlines.return_value is not None:
            return handle.readlines.return_value
        return _state[0].readlines(*args, **kwargs)

    def _read_side_effect(*args, **kwargs):
        if handle.read.return_value is not None:
            return handle.read.return_value
        return _state[0].read(*args, **kwargs)

    def _readline_side_effect(*args, **kwargs):
        if handle.readline.return_value is not None:
            return handle.readline.return_value
        return _state[0].readline(*args, **kwargs)

    def _iter_side_effect():
        if handle.readline.return_value is not None:
            while True:
                yield handle.readline.return_value
        for line in _state[0]:
            yield line

    def _next_side_effect():
        if handle.readline.return_value is not None:
            return handle.readline.return_value
        return next(_state[0])

    if mock is None:
        mock = MagicMock(name="open", spec=open)
    handle = MagicMock(spec=_file_spec())
    handle.__enter__.return_value = handle
    handle.write.return_value = None
    handle.read.return_value = None
    handle.readline.return_value = None
    handle.readlines.return_value = None
    handle.read.side_effect = _read_side_effect
    _state[1] = _readline_side_effect
    handle.readline.side_effect = _state[1]
    handle.readlines.side_effect = _readlines_side_effect
    handle.__iter__.side_effect = _iter_side_effect
    handle.__next__.side_effect = _next_side_effect

    def reset_data(*args, **kwargs):
        _state[0] = _to_stream(read_data)
        if handle.readline.side_effect is _state[1]:
            _state[1] = _readline_side_effect
            handle.readline.side_effect = _state[1]
        return DEFAULT

    mock.side_effect = reset_data
    mock.return_value = handle
    return mock


def _file_spec():
    import io
    return list(set(dir(io.TextIOWrapper)).union(set(dir(io.BytesIO))).union(
        {"read", "readline", "readlines", "write", "writelines", "close", "flush", "seek", "tell",
         "__enter__", "__exit__", "__iter__", "__next__", "name", "mode", "closed", "fileno"}))


# ---- patch --------------------------------------------------------------------------------------

def _importer(target):
    components = target.split(".")
    import_path = components.pop(0)
    thing = __import__(import_path)
    for comp in components:
        import_path += ".%s" % comp
        try:
            thing = getattr(thing, comp)
        except AttributeError:
            __import__(import_path)
            thing = getattr(thing, comp)
    return thing


def _get_target(target):
    try:
        target, attribute = target.rsplit(".", 1)
    except (TypeError, ValueError, AttributeError):
        raise TypeError(f"Need a valid target to patch. You supplied: {target!r}")
    return (lambda: _importer(target)), attribute


def _is_started(patcher):
    return hasattr(patcher, "is_local")


class _patch:
    attribute_name = None
    _active_patches = []

    def __init__(self, getter, attribute, new, spec, create, spec_set, autospec, new_callable,
                 kwargs, *, unsafe=False):
        if new_callable is not None:
            if new is not DEFAULT:
                raise ValueError("Cannot use 'new' and 'new_callable' together")
            if autospec is not None:
                raise ValueError("Cannot use 'autospec' and 'new_callable' together")
        self.getter = getter
        self.attribute = attribute
        self.new = new
        self.new_callable = new_callable
        self.spec = spec
        self.create = create
        self.has_local = False
        self.spec_set = spec_set
        self.autospec = autospec
        self.kwargs = kwargs
        self.additional_patchers = []
        self.unsafe = unsafe

    def copy(self):
        patcher = _patch(self.getter, self.attribute, self.new, self.spec, self.create,
                         self.spec_set, self.autospec, self.new_callable, self.kwargs,
                         unsafe=self.unsafe)
        patcher.attribute_name = self.attribute_name
        patcher.additional_patchers = [p.copy() for p in self.additional_patchers]
        return patcher

    def __call__(self, func):
        if isinstance(func, type):
            return self.decorate_class(func)
        return self.decorate_callable(func)

    def decorate_class(self, klass):
        for attr in dir(klass):
            if not attr.startswith(patch.TEST_PREFIX):
                continue
            attr_value = getattr(klass, attr)
            if not callable(attr_value):
                continue
            patcher = self.copy()
            setattr(klass, attr, patcher(attr_value))
        return klass

    def decorate_callable(self, func):
        if hasattr(func, "patchings"):
            func.patchings.append(self)
            return func

        @_functools.wraps(func)
        def patched(*args, **keywargs):
            extra_args = []
            entered = []
            try:
                for patching in patched.patchings:
                    arg = patching.__enter__()
                    entered.append(patching)
                    if patching.attribute_name is not None:
                        keywargs.update(arg)
                    elif patching.new is DEFAULT:
                        extra_args.append(arg)
                args = args + tuple(extra_args)
                return func(*args, **keywargs)
            finally:
                for patching in reversed(entered):
                    patching.__exit__(None, None, None)

        patched.patchings = [self]
        return patched

    def get_original(self):
        target = self.getter()
        name = self.attribute
        original = DEFAULT
        local = False
        try:
            original = target.__dict__[name]
        except (AttributeError, KeyError, TypeError):
            original = getattr(target, name, DEFAULT)
        else:
            local = True
        if name in _builtins.__dict__ and isinstance(target, type(_sys)):
            self.create = True
        if not self.create and original is DEFAULT:
            raise AttributeError("%s does not have the attribute %r" % (target, name))
        return original, local

    def __enter__(self):
        new, spec, spec_set = self.new, self.spec, self.spec_set
        autospec, kwargs = self.autospec, self.kwargs
        new_callable = self.new_callable
        self.target = self.getter()
        if spec is False:
            spec = None
        if spec_set is False:
            spec_set = None
        if autospec is False:
            autospec = None
        if spec is not None and autospec is not None:
            raise TypeError("Can't specify spec and autospec")
        if ((spec is not None or autospec is not None) and spec_set not in (True, None)):
            raise TypeError("Can't provide explicit spec_set *and* spec or autospec")
        original, local = self.get_original()
        if new is DEFAULT and autospec is None:
            inherit = False
            if spec is True:
                spec = original
                if spec_set is True:
                    spec_set = original
                    spec = None
            elif spec is not None:
                if spec_set is True:
                    spec_set = spec
                    spec = None
            elif spec_set is True:
                spec_set = original
            if spec is not None or spec_set is not None:
                if original is DEFAULT:
                    raise TypeError("Can't use 'spec' with create=True")
                if isinstance(original, type):
                    inherit = True
            if spec is None and _is_async_func(original):
                Klass = AsyncMock
            else:
                Klass = MagicMock
            _kwargs = {}
            if new_callable is not None:
                Klass = new_callable
            elif spec is not None or spec_set is not None:
                this_spec = spec
                if spec_set is not None:
                    this_spec = spec_set
                if not _callable(this_spec):
                    Klass = NonCallableMagicMock
            if spec is not None:
                _kwargs["spec"] = spec
            if spec_set is not None:
                _kwargs["spec_set"] = spec_set
            if (isinstance(Klass, type) and issubclass(Klass, NonCallableMock) and self.attribute):
                _kwargs["name"] = self.attribute
            _kwargs.update(kwargs)
            new = Klass(**_kwargs)
            if inherit and _is_instance_mock(new):
                this_spec = spec
                if spec_set is not None:
                    this_spec = spec_set
                if (not _is_list(this_spec) and not _instance_callable(this_spec)):
                    Klass = NonCallableMagicMock
                _kwargs.pop("name")
                new.return_value = Klass(_new_parent=new, _new_name="()", **_kwargs)
        elif autospec is not None:
            if new is not DEFAULT:
                raise TypeError("autospec creates the mock for you. Can't specify autospec and "
                                "new.")
            if original is DEFAULT:
                raise TypeError("Can't use 'autospec' with create=True")
            spec_set = bool(spec_set)
            if autospec is True:
                autospec = original
            new = create_autospec(autospec, spec_set=spec_set, _name=self.attribute, **kwargs)
        elif kwargs:
            raise TypeError("Can't pass kwargs to a mock we aren't creating")
        new_attr = new
        self.temp_original = original
        self.is_local = local
        setattr(self.target, self.attribute, new_attr)
        if self.attribute_name is not None:
            extra_args = {}
            if self.new is DEFAULT:
                extra_args[self.attribute_name] = new
            for patching in self.additional_patchers:
                arg = patching.__enter__()
                if patching.new is DEFAULT:
                    extra_args.update(arg)
            return extra_args
        return new

    def __exit__(self, *exc_info):
        if not _is_started(self):
            return
        if self.is_local and self.temp_original is not DEFAULT:
            setattr(self.target, self.attribute, self.temp_original)
        else:
            delattr(self.target, self.attribute)
            if not self.create and (not hasattr(self.target, self.attribute) or
                                    self.attribute in ("__doc__", "__module__", "__defaults__",
                                                       "__annotations__", "__kwdefaults__")):
                setattr(self.target, self.attribute, self.temp_original)
        del self.temp_original
        del self.is_local
        del self.target
        for patcher in reversed(self.additional_patchers):
            if _is_started(patcher):
                patcher.__exit__(*exc_info)
        return None

    def start(self):
        result = self.__enter__()
        self._active_patches.append(self)
        return result

    def stop(self):
        for i, p in enumerate(self._active_patches):
            if p is self:
                del self._active_patches[i]
                break
        else:
            return None
        return self.__exit__(None, None, None)


def _is_async_func(obj):
    return False


def _instance_callable(obj):
    if not isinstance(obj, type):
        return callable(obj)
    for base in (obj,) + obj.__mro__:
        if base.__dict__.get("__call__") is not None:
            return True
    return False


def _patch_object(target, attribute, new=DEFAULT, spec=None, create=False, spec_set=None,
                  autospec=None, new_callable=None, *, unsafe=False, **kwargs):
    if type(target) is str:
        raise TypeError(f"{target!r} must be the actual object to be patched, not a str")
    getter = lambda: target
    return _patch(getter, attribute, new, spec, create, spec_set, autospec, new_callable, kwargs,
                  unsafe=unsafe)


def _patch_multiple(target, spec=None, create=False, spec_set=None, autospec=None,
                    new_callable=None, **kwargs):
    if type(target) is str:
        getter = lambda: _importer(target)
    else:
        getter = lambda: target
    if not kwargs:
        raise ValueError("Must supply at least one keyword argument with patch.multiple")
    items = list(kwargs.items())
    attribute, new = items[0]
    patcher = _patch(getter, attribute, new, spec, create, spec_set, autospec, new_callable, {})
    patcher.attribute_name = attribute
    for attribute, new in items[1:]:
        this_patcher = _patch(getter, attribute, new, spec, create, spec_set, autospec,
                              new_callable, {})
        this_patcher.attribute_name = attribute
        patcher.additional_patchers.append(this_patcher)
    return patcher


def patch(target, new=DEFAULT, spec=None, create=False, spec_set=None, autospec=None,
          new_callable=None, *, unsafe=False, **kwargs):
    """`patch` acts as a function decorator, class decorator or a context manager. Inside the
    body of the function or with statement, the `target` is patched with a `new` object."""
    getter, attribute = _get_target(target)
    return _patch(getter, attribute, new, spec, create, spec_set, autospec, new_callable, kwargs,
                  unsafe=unsafe)


class _patch_dict:
    """Patch a dictionary, or dictionary like object, and restore it to its original state
    after the test."""

    def __init__(self, in_dict, values=(), clear=False, **kwargs):
        self.in_dict = in_dict
        self.values = dict(values)
        self.values.update(kwargs)
        self.clear = clear
        self._original = None

    def __call__(self, f):
        if isinstance(f, type):
            return self.decorate_class(f)

        @_functools.wraps(f)
        def _inner(*args, **kw):
            self._patch_dict()
            try:
                return f(*args, **kw)
            finally:
                self._unpatch_dict()
        return _inner

    def decorate_class(self, klass):
        for attr in dir(klass):
            attr_value = getattr(klass, attr)
            if attr.startswith(patch.TEST_PREFIX) and callable(attr_value):
                decorator = _patch_dict(self.in_dict, self.values, self.clear)
                decorated = decorator(attr_value)
                setattr(klass, attr, decorated)
        return klass

    def __enter__(self):
        self._patch_dict()
        return self.in_dict

    def _patch_dict(self):
        values = self.values
        if isinstance(self.in_dict, str):
            self.in_dict = _importer(self.in_dict)
        in_dict = self.in_dict
        clear = self.clear
        try:
            original = in_dict.copy()
        except AttributeError:
            original = {}
            for key in in_dict:
                original[key] = in_dict[key]
        self._original = original
        if clear:
            _clear_dict(in_dict)
        try:
            in_dict.update(values)
        except AttributeError:
            for key in values:
                in_dict[key] = values[key]

    def _unpatch_dict(self):
        in_dict = self.in_dict
        original = self._original
        _clear_dict(in_dict)
        try:
            in_dict.update(original)
        except AttributeError:
            for key in original:
                in_dict[key] = original[key]

    def __exit__(self, *args):
        if self._original is not None:
            self._unpatch_dict()
        return False

    def start(self):
        result = self.__enter__()
        _patch._active_patches.append(self)
        return result

    def stop(self):
        for i, p in enumerate(_patch._active_patches):
            if p is self:
                del _patch._active_patches[i]
                break
        else:
            return None
        return self.__exit__(None, None, None)


def _clear_dict(in_dict):
    try:
        in_dict.clear()
    except AttributeError:
        keys = list(in_dict)
        for key in keys:
            del in_dict[key]


def _patch_stopall():
    for patch in reversed(_patch._active_patches):
        patch.stop()


patch.object = _patch_object
patch.dict = _patch_dict
patch.multiple = _patch_multiple
patch.stopall = _patch_stopall
patch.TEST_PREFIX = "test"
