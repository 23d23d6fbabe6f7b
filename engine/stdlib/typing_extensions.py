# typing_extensions: the backport module that torch itself depends on, so every PyTorch environment has
# it and model code imports from it (`from typing_extensions import Self, Literal, TypeAlias, override`).
# As typing_extensions 4.12+ does on CPython 3.12: every name typing has is re-exported as the same
# object (typing_extensions.Self is typing.Self), and the names newer than 3.12 are defined here:
# deprecated (PEP 702: the decorator warns DeprecationWarning when the function is called or the class
# instantiated), TypeIs and ReadOnly (subscriptable special forms), get_original_bases, Buffer,
# is_protocol, get_protocol_members, Doc, NoDefault, IntVar, CapsuleType.
# No type checking happens, as in CPython.

import typing as _typing
from typing import *  # noqa: F401,F403  (typing.__all__)
from typing import _SpecialForm as _TypingSpecialForm, _GenericAlias as _TypingGenericAlias

import abc as _abc
import functools as _functools
import warnings as _warnings

class _ExtensionsSpecialForm(_TypingSpecialForm):
    def __repr__(self):
        return 'typing_extensions.' + self._name


def _single(self, parameters):
    if isinstance(parameters, tuple) and len(parameters) != 1:
        raise TypeError(f'{self} accepts only single type.')
    # no _name: the repr comes from the origin, typing_extensions.TypeIs[int] as in CPython
    return _TypingGenericAlias(self, parameters, None, False)


TypeIs = _ExtensionsSpecialForm('TypeIs', _single)
ReadOnly = _ExtensionsSpecialForm('ReadOnly', _single)


class deprecated:
    """PEP 702's decorator: the message is warned (category, stacklevel) when the decorated function is
    called or the decorated class instantiated; the object keeps the message as __deprecated__."""

    def __init__(self, message, /, *, category=DeprecationWarning, stacklevel=1):
        if not isinstance(message, str):
            raise TypeError(f"Expected an object of type str for 'message', not {type(message).__name__!r}")
        self.message = message
        self.category = category
        self.stacklevel = stacklevel

    def __call__(self, arg, /):
        msg = self.message
        category = self.category
        stacklevel = self.stacklevel
        if category is None:
            arg.__deprecated__ = msg
            return arg
        if isinstance(arg, type):
            original_new = arg.__new__

            @_functools.wraps(original_new)
            def __new__(cls, *args, **kwargs):
                if cls is arg:
                    _warnings.warn(msg, category=category, stacklevel=stacklevel + 1)
                if original_new is not object.__new__:
                    return original_new(cls, *args, **kwargs)
                if cls.__init__ is object.__init__ and (args or kwargs):
                    raise TypeError(f"{cls.__name__}() takes no arguments")
                return original_new(cls)

            arg.__new__ = staticmethod(__new__)
            arg.__deprecated__ = __new__.__deprecated__ = msg
            return arg
        if callable(arg):
            @_functools.wraps(arg)
            def wrapper(*args, **kwargs):
                _warnings.warn(msg, category=category, stacklevel=stacklevel + 1)
                return arg(*args, **kwargs)

            arg.__deprecated__ = wrapper.__deprecated__ = msg
            return wrapper
        raise TypeError("@deprecated decorator with non-None category must be applied to "
                        f"a class or callable, not {arg!r}")


def get_original_bases(cls, /):
    try:
        return cls.__dict__.get("__orig_bases__", cls.__bases__)
    except AttributeError:
        raise TypeError(f"Expected an instance of type, not {type(cls).__name__!r}") from None


def is_protocol(tp, /):
    return isinstance(tp, type) and getattr(tp, '_is_protocol', False) and tp is not Protocol


def get_protocol_members(tp, /):
    if not is_protocol(tp):
        raise TypeError(f'{tp!r} is not a Protocol')
    attrs = set()
    for base in tp.__mro__[:-1]:
        if base.__name__ in ('Protocol', 'Generic'):
            continue
        annotations = getattr(base, '__annotations__', {})
        for attr in list(base.__dict__.keys()) + list(annotations.keys()):
            if not attr.startswith('_abc_') and attr not in (
                    '__abstractmethods__', '__annotations__', '__weakref__', '_is_protocol',
                    '_is_runtime_protocol', '__dict__', '__args__', '__slots__', '__next_in_mro__',
                    '__parameters__', '__origin__', '__orig_bases__', '__extra__', '__tree_hash__',
                    '__doc__', '__subclasshook__', '__init__', '__new__', '__module__', '_MutableMapping__marker',
                    '__type_params__', '__protocol_attrs__', '__non_callable_proto_members__',
                    '__qualname__', '__firstlineno__', '__static_attributes__'):
                attrs.add(attr)
    return frozenset(attrs)


class Buffer(_abc.ABC):
    """Base class for classes that implement the buffer protocol (PEP 688)."""


class Doc:
    """PEP 727's documentation of an Annotated parameter: Annotated[int, Doc("the count")]."""

    def __init__(self, documentation, /):
        self.documentation = documentation

    def __repr__(self):
        return f"Doc({self.documentation!r})"

    def __hash__(self):
        return hash(self.documentation)

    def __eq__(self, other):
        if not isinstance(other, Doc):
            return NotImplemented
        return self.documentation == other.documentation


class _NoDefaultType:
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __repr__(self):
        return "typing_extensions.NoDefault"

    def __reduce__(self):
        return "NoDefault"


NoDefault = _NoDefaultType()


def IntVar(name):
    return TypeVar(name)


class CapsuleType:
    """The type of C capsules (types.CapsuleType in 3.13); no Kiln object is one."""


__all__ = list(_typing.__all__) + ['Buffer', 'CapsuleType', 'Doc', 'IntVar', 'NoDefault', 'ReadOnly', 'TypeIs',
                                   'deprecated', 'get_original_bases', 'get_protocol_members', 'is_protocol']
