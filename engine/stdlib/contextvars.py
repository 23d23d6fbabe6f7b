# contextvars: CPython 3.12's ContextVar, Token, Context and copy_context for Kiln's single thread
# of execution (no asyncio: the only way to switch contexts is Context.run). A Context is a mapping
# from ContextVar to value; setting a variable replaces the current context's mapping with a new
# dict (so a copy_context() taken earlier keeps its values, as CPython's immutable HAMT does).
# Reprs, errors and the "used"/"different Context" checks of Token follow CPython's wording.

__all__ = ("Context", "ContextVar", "Token", "copy_context")

_MISSING = object()


def _addr(obj):
    return f"0x{id(obj):x}"


class Context:
    __module__ = "_contextvars"

    def __init__(self):
        self._vars = {}
        self._prev = None
        self._entered = False

    def __init_subclass__(cls, **kw):
        raise TypeError("type '_contextvars.Context' is not an acceptable base type")

    def run(self, callable, /, *args, **kwargs):
        global _current
        if self._entered:
            raise RuntimeError(f"cannot enter context: {self!r} is already entered")
        self._prev = _current
        self._entered = True
        _current = self
        try:
            return callable(*args, **kwargs)
        finally:
            _current = self._prev
            self._prev = None
            self._entered = False

    def copy(self):
        new = Context()
        new._vars = self._vars
        return new

    def _check(self, var):
        if not isinstance(var, ContextVar):
            raise TypeError(f"a ContextVar key was expected, got {var!r}")

    def __getitem__(self, var):
        self._check(var)
        return self._vars[var]

    def __contains__(self, var):
        self._check(var)
        return var in self._vars

    def get(self, var, default=None):
        self._check(var)
        return self._vars.get(var, default)

    def __len__(self):
        return len(self._vars)

    def __iter__(self):
        return iter(self._vars)

    def keys(self):
        return self._vars.keys()

    def values(self):
        return self._vars.values()

    def items(self):
        return self._vars.items()

    def __eq__(self, other):
        if not isinstance(other, Context):
            return NotImplemented
        return self._vars == other._vars

    __hash__ = None

    def __repr__(self):
        return f"<_contextvars.Context object at {_addr(self)}>"


_current = Context()


def copy_context():
    return _current.copy()


class Token:
    __module__ = "_contextvars"
    MISSING = _MISSING

    def __init__(self, context, var, old_value):
        self._ctx = context
        self._var = var
        self._old = old_value
        self._used = False

    def __init_subclass__(cls, **kw):
        raise TypeError("type '_contextvars.Token' is not an acceptable base type")

    @property
    def var(self):
        return self._var

    @property
    def old_value(self):
        return self._old

    def __repr__(self):
        used = " used" if self._used else ""
        return f"<Token{used} var={self._var!r} at {_addr(self)}>"

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)


class _MissingType:
    def __repr__(self):
        return "<Token.MISSING>"


Token.MISSING = _MISSING = _MissingType()


class ContextVar:
    __module__ = "_contextvars"

    def __init__(self, name, *, default=_MISSING):
        if not isinstance(name, str):
            raise TypeError("context variable name must be a str")
        self._name = name
        self._default = default

    def __init_subclass__(cls, **kw):
        raise TypeError("type '_contextvars.ContextVar' is not an acceptable base type")

    @property
    def name(self):
        return self._name

    def get(self, *args):
        if len(args) > 1:
            raise TypeError(f"get expected at most 1 argument, got {len(args)}")
        vars = _current._vars
        if self in vars:
            return vars[self]
        if args:
            return args[0]
        if self._default is not _MISSING:
            return self._default
        raise LookupError(self)

    def set(self, value):
        ctx = _current
        old = ctx._vars.get(self, _MISSING)
        new = dict(ctx._vars)
        new[self] = value
        ctx._vars = new
        return Token(ctx, self, old)

    def reset(self, token):
        if not isinstance(token, Token):
            raise TypeError(f"expected an instance of Token, got {token!r}")
        if token._used:
            raise RuntimeError(f"{token!r} has already been used once")
        if token._var is not self:
            raise ValueError(f"{token!r} was created by a different ContextVar")
        ctx = _current
        if token._ctx is not ctx:
            raise ValueError(f"{token!r} was created in a different Context")
        new = dict(ctx._vars)
        if token._old is _MISSING:
            new.pop(self, None)
        else:
            new[self] = token._old
        ctx._vars = new
        token._used = True

    def __hash__(self):
        return id(self) >> 4

    def __eq__(self, other):
        return self is other

    def __repr__(self):
        d = "" if self._default is _MISSING else f" default={self._default!r}"
        return f"<ContextVar name={self._name!r}{d} at {_addr(self)}>"

    def __class_getitem__(cls, item):
        import types
        return types.GenericAlias(cls, item)
