# types: names for the types of Kiln's built-in objects, and SimpleNamespace.
#
# FunctionType, LambdaType, MethodType (callable: MethodType(func, obj) binds), BuiltinFunctionType,
# BuiltinMethodType, ModuleType (callable: ModuleType(name, doc=None)), GeneratorType, CodeType,
# NoneType, EllipsisType, NotImplementedType, MappingProxyType (a read-only view of a dict),
# SimpleNamespace, new_class, resolve_bases, DynamicClassAttribute (plain property: Kiln cannot
# subclass property).
# Left out: coroutine/async generator types (Kiln has no async), FrameType, TracebackType,
# CellType, GetSetDescriptorType/MemberDescriptorType and the wrapper/descriptor types of CPython's
# C layer: using one raises AttributeError naming it.

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


class MappingProxyType:
    def __init__(self, mapping):
        if not hasattr(mapping, 'keys') or not hasattr(mapping, '__getitem__'):
            raise TypeError("mappingproxy() argument must be a mapping, not " + type(mapping).__name__)
        self._mapping = mapping

    def __getitem__(self, key):
        return self._mapping[key]

    def __contains__(self, key):
        return key in self._mapping

    def __iter__(self):
        return iter(self._mapping)

    def __len__(self):
        return len(self._mapping)

    def get(self, key, default=None):
        return self._mapping.get(key, default)

    def keys(self):
        return self._mapping.keys()

    def values(self):
        return self._mapping.values()

    def items(self):
        return self._mapping.items()

    def copy(self):
        return self._mapping.copy()

    def __eq__(self, other):
        return self._mapping == other

    def __repr__(self):
        return 'mappingproxy(' + repr(self._mapping) + ')'

    def __setitem__(self, key, value):
        raise TypeError("'mappingproxy' object does not support item assignment")

    def __delitem__(self, key):
        raise TypeError("'mappingproxy' object does not support item deletion")


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
                'GetSetDescriptorType', 'MemberDescriptorType', 'WrapperDescriptorType',
                'MethodWrapperType', 'MethodDescriptorType', 'ClassMethodDescriptorType', 'GenericAlias',
                'UnionType', 'coroutine'):
        raise AttributeError("module 'types' has no attribute '" + name + "' (not available in Kiln)")
    raise AttributeError("module 'types' has no attribute '" + name + "'")
