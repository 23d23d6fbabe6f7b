# types: names for the types of Kiln's built-in objects, and SimpleNamespace.
#
# FunctionType, LambdaType, MethodType (callable: MethodType(func, obj) binds), BuiltinFunctionType,
# BuiltinMethodType, ModuleType (callable: ModuleType(name, doc=None)), GeneratorType, CodeType,
# NoneType, EllipsisType, NotImplementedType, GenericAlias, UnionType, MappingProxyType (a read-only
# view of a mapping, what a class's __dict__ is), GetSetDescriptorType, MemberDescriptorType,
# SimpleNamespace, new_class, resolve_bases, DynamicClassAttribute (plain property: Kiln cannot
# subclass property).
# Left out: coroutine/async generator types (Kiln has no async), FrameType, TracebackType,
# CellType and the wrapper/descriptor types of CPython's C layer: using one raises AttributeError
# naming it.

def _f():
    pass


class _C:
    def _m(self):
        pass


def _g():
    yield 1


FunctionType = type(_f)
LambdaType = type(_f)
MethodType = type(_C()._m)
BuiltinFunctionType = type(len)
BuiltinMethodType = type(len)
ModuleType = type(__import__('sys'))
_gen = _g()
GeneratorType = type(_gen)
del _gen
CodeType = type(_f.__code__)
NoneType = type(None)
EllipsisType = type(...)
NotImplementedType = type(NotImplemented)
GenericAlias = type(list[int])  # list[int], dict[str, int] (engine/vm/type_hints.cpp)
UnionType = type(int | None)  # int | None
# the built-in types of a class's __dict__ view and of the descriptors type.__new__ adds
# (vm/descriptors.cpp)
class _Slotted:
    __slots__ = ('_x',)


MappingProxyType = type(_C.__dict__)
GetSetDescriptorType = type(_C.__dict__['__dict__'])
MemberDescriptorType = type(_Slotted._x)
del _Slotted
del _f, _C, _g


class SimpleNamespace:
    def __init__(self, *args, **kwargs):
        if len(args) > 1:
            raise TypeError("SimpleNamespace expected at most 1 argument, got " + str(len(args)))
        mapping_or_iterable = args[0] if args else ()
        if isinstance(mapping_or_iterable, dict):
            items = list(mapping_or_iterable.items())
        else:
            items = list(mapping_or_iterable)
        for k, v in items:
            if not isinstance(k, str):
                raise TypeError("keywords must be strings")
            setattr(self, k, v)
        for k, v in kwargs.items():
            setattr(self, k, v)

    def __repr__(self):
        name = 'namespace' if type(self) is SimpleNamespace else type(self).__name__
        return name + '(' + ', '.join(k + '=' + repr(v) for k, v in self.__dict__.items()) + ')'

    def __eq__(self, other):
        if isinstance(self, SimpleNamespace) and isinstance(other, SimpleNamespace):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __ne__(self, other):
        r = self.__eq__(other)
        return r if r is NotImplemented else not r

    __hash__ = None


DynamicClassAttribute = property


def resolve_bases(bases):
    return tuple(bases)


def new_class(name, bases=(), kwds=None, exec_body=None):
    kwds = dict(kwds or {})
    meta = kwds.pop('metaclass', type)
    ns = {}
    if exec_body is not None:
        exec_body(ns)
    return meta(name, tuple(bases), ns, **kwds)


def __getattr__(name):
    if name in ('CoroutineType', 'AsyncGeneratorType', 'FrameType', 'TracebackType', 'CellType',
                'WrapperDescriptorType',
                'MethodWrapperType', 'MethodDescriptorType', 'ClassMethodDescriptorType', 'coroutine'):
        raise AttributeError("module 'types' has no attribute '" + name + "' (not available in Kiln)")
    raise AttributeError("module 'types' has no attribute '" + name + "'")
