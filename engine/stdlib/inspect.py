# inspect: signatures (signature, Signature, Parameter with kinds, defaults and str() as CPython
# prints them, bind/bind_partial/BoundArguments), the is* predicates, getmembers, getdoc/cleandoc,
# getfullargspec; annotations come from __annotations__ (evaluated when the def ran, as CPython 3.11);
# frames and stacks (currentframe, getargvalues, getframeinfo, getouterframes, stack) over sys._getframe's
# frame objects (vm/frame_object.cpp), whose code_context lines are read from the program's files;
# source lookup (getmodule, getfile, getsourcefile, findsource, getsourcelines, getsource, getblock over
# tokenize's token kinds with CPython's BlockFinder rules), get_annotations, getclosurevars.
# getgeneratorstate/getgeneratorlocals over gi_running/gi_suspended/gi_frame. Not provided: the
# coroutine functions (Kiln has no coroutines), getcallargs (deprecated).

import enum as _enum
import sys as _sys
from collections import OrderedDict as _OrderedDict, namedtuple as _namedtuple

__all__ = ['Parameter', 'Signature', 'BoundArguments', 'signature', 'isclass', 'isfunction', 'ismethod',
           'ismodule', 'isbuiltin', 'isroutine', 'isabstract', 'isgeneratorfunction', 'iscoroutinefunction',
           'isgenerator', 'iscoroutine', 'isawaitable', 'ismethoddescriptor', 'isdatadescriptor', 'getmembers',
           'getdoc', 'cleandoc', 'getfullargspec', 'FullArgSpec', 'unwrap', 'getmro', 'getattr_static',
           'iscode', 'isframe', 'istraceback', 'currentframe', 'getargs', 'getargvalues', 'ArgInfo', 'Arguments',
           'getframeinfo', 'getouterframes', 'stack', 'Traceback', 'FrameInfo', 'formatargvalues',
           'getmodule', 'getfile', 'getsourcefile', 'findsource', 'getsourcelines', 'getsource', 'getblock',
           'indentsize', 'getmodulename', 'get_annotations', 'getclosurevars', 'ClosureVars',
           'isasyncgenfunction', 'isasyncgen', 'ismemberdescriptor', 'isgetsetdescriptor', 'formatannotation',
           'getgeneratorstate', 'getgeneratorlocals', 'GEN_CREATED', 'GEN_RUNNING', 'GEN_SUSPENDED', 'GEN_CLOSED',
           'BlockFinder', 'EndOfBlock']

CO_VARARGS = 0x04
CO_VARKEYWORDS = 0x08
CO_GENERATOR = 0x20
CO_COROUTINE = 0x80


def isclass(obj):
    return isinstance(obj, type)


def isfunction(obj):
    return type(obj).__name__ == 'function'


def ismethod(obj):
    return type(obj).__name__ == 'method'


def ismodule(obj):
    return type(obj).__name__ == 'module'


def isbuiltin(obj):
    return type(obj).__name__ == 'builtin_function_or_method'


def ismethoddescriptor(obj):
    return type(obj).__name__ in ('method_descriptor', 'wrapper_descriptor', 'classmethod_descriptor')


def isdatadescriptor(obj):
    if isclass(obj) or ismethod(obj) or isfunction(obj):
        return False
    t = type(obj)
    return hasattr(t, '__set__') or hasattr(t, '__delete__') or isinstance(obj, property)


def isroutine(obj):
    return isbuiltin(obj) or isfunction(obj) or ismethod(obj) or ismethoddescriptor(obj)


def isabstract(obj):
    return isinstance(obj, type) and bool(getattr(obj, '__abstractmethods__', ()))


def isgeneratorfunction(obj):
    obj = _unbound(obj)
    return isfunction(obj) and bool(obj.__code__.co_flags & CO_GENERATOR)


def iscoroutinefunction(obj):
    obj = _unbound(obj)
    return isfunction(obj) and bool(obj.__code__.co_flags & CO_COROUTINE)


def isgenerator(obj):
    return type(obj).__name__ == 'generator'


def iscoroutine(obj):
    return type(obj).__name__ == 'coroutine'


def isawaitable(obj):
    return iscoroutine(obj) or hasattr(type(obj), '__await__')


def _unbound(obj):
    while ismethod(obj):
        obj = obj.__func__
    return obj


def getmro(cls):
    return cls.__mro__


def _dir(obj):
    # dir(): the object's own attributes and those of its class and bases (Kiln has no dir builtin).
    names = {}
    try:
        for k in vars(obj):
            names[k] = True
    except TypeError:
        pass
    for klass in (obj.__mro__ if isinstance(obj, type) else type(obj).__mro__):
        for k in klass.__dict__:
            names[k] = True
    return sorted(names)


def getmembers(object, predicate=None):
    results = []
    for key in _dir(object):
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def getattr_static(obj, attr, default=None):
    for klass in ([obj] if isinstance(obj, type) else []) + list(type(obj).__mro__ if not isinstance(obj, type) else obj.__mro__):
        if attr in klass.__dict__:
            return klass.__dict__[attr]
    if not isinstance(obj, type):
        d = getattr(obj, '__dict__', {})
        if attr in d:
            return d[attr]
    if default is not None:
        return default
    raise AttributeError(attr)


def cleandoc(doc):
    lines = doc.expandtabs().split('\n')
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return '\n'.join(lines)


def getdoc(object):
    doc = getattr(object, '__doc__', None)
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def unwrap(func, *, stop=None):
    seen = []
    while hasattr(func, '__wrapped__') and (stop is None or not stop(func)):
        if id(func) in seen:
            raise ValueError(f'wrapper loop when unwrapping {func!r}')
        seen.append(id(func))
        func = func.__wrapped__
    return func


class _empty:
    pass


class _void:
    pass


class _ParameterKind(_enum.IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @_enum.property
    def description(self):
        return {0: 'positional-only', 1: 'positional or keyword', 2: 'variadic positional',
                3: 'keyword-only', 4: 'variadic keyword'}[self._value_]


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD


def _formatannotation(annotation):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, type):
        if annotation.__module__ == 'builtins':
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


class Parameter:
    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD
    empty = _empty

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        try:
            self._kind = _ParameterKind(kind)
        except ValueError:
            raise ValueError(f'value {kind!r} is not a valid Parameter.kind')
        if default is not _empty and self._kind in (_VAR_POSITIONAL, _VAR_KEYWORD):
            raise ValueError(f'{self._kind.description} parameters cannot have default values')
        if not isinstance(name, str):
            raise TypeError(f'name must be a str, not a {type(name).__name__}')
        if not name.isidentifier():
            raise ValueError(f'{name!r} is not a valid parameter name')
        self._name = name
        self._default = default
        self._annotation = annotation

    @property
    def name(self):
        return self._name

    @property
    def default(self):
        return self._default

    @property
    def annotation(self):
        return self._annotation

    @property
    def kind(self):
        return self._kind

    def replace(self, *, name=_void, kind=_void, annotation=_void, default=_void):
        return type(self)(self._name if name is _void else name, self._kind if kind is _void else kind,
                          default=self._default if default is _void else default,
                          annotation=self._annotation if annotation is _void else annotation)

    def __str__(self):
        kind = self._kind
        formatted = self._name
        if self._annotation is not _empty:
            formatted = f'{formatted}: {_formatannotation(self._annotation)}'
        if self._default is not _empty:
            if self._annotation is not _empty:
                formatted = f'{formatted} = {self._default!r}'
            else:
                formatted = f'{formatted}={self._default!r}'
        if kind == _VAR_POSITIONAL:
            formatted = '*' + formatted
        elif kind == _VAR_KEYWORD:
            formatted = '**' + formatted
        return formatted

    def __repr__(self):
        return f'<{type(self).__name__} "{self}">'

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name == other._name and self._kind == other._kind and self._default == other._default
                and self._annotation == other._annotation)

    def __hash__(self):
        return hash((self._name, self._kind, self._annotation, self._default))


class BoundArguments:
    def __init__(self, signature, arguments):
        self.arguments = arguments
        self._signature = signature

    @property
    def signature(self):
        return self._signature

    @property
    def args(self):
        args = []
        for name, param in self._signature.parameters.items():
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                break
            try:
                arg = self.arguments[name]
            except KeyError:
                break
            if param.kind == _VAR_POSITIONAL:
                args.extend(arg)
            else:
                args.append(arg)
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        kwargs_started = False
        for name, param in self._signature.parameters.items():
            if not kwargs_started:
                if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                    kwargs_started = True
                elif name not in self.arguments:
                    kwargs_started = True
                    continue
            if not kwargs_started:
                continue
            try:
                arg = self.arguments[name]
            except KeyError:
                pass
            else:
                if param.kind == _VAR_KEYWORD:
                    kwargs.update(arg)
                else:
                    kwargs[name] = arg
        return kwargs

    def apply_defaults(self):
        arguments = self.arguments
        new_arguments = []
        for name, param in self._signature.parameters.items():
            try:
                new_arguments.append((name, arguments[name]))
            except KeyError:
                if param.default is not _empty:
                    val = param.default
                elif param.kind == _VAR_POSITIONAL:
                    val = ()
                elif param.kind == _VAR_KEYWORD:
                    val = {}
                else:
                    continue
                new_arguments.append((name, val))
        self.arguments = dict(new_arguments)

    def __eq__(self, other):
        if not isinstance(other, BoundArguments):
            return NotImplemented
        return self.signature == other.signature and self.arguments == other.arguments

    def __repr__(self):
        args = [f'{arg}={value!r}' for arg, value in self.arguments.items()]
        return '<{} ({})>'.format(self.__class__.__name__, ', '.join(args))


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty, __validate_parameters__=True):
        params = _OrderedDict()
        if parameters is not None:
            top_kind = _POSITIONAL_ONLY
            seen_default = False
            for param in parameters:
                kind = param.kind
                name = param.name
                if kind < top_kind:
                    raise ValueError(f'wrong parameter order: {top_kind.description} parameter before '
                                     f'{kind.description} parameter')
                elif kind > top_kind:
                    top_kind = kind
                if kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
                    if param.default is _empty:
                        if seen_default:
                            raise ValueError('non-default argument follows default argument')
                    else:
                        seen_default = True
                if name in params:
                    raise ValueError(f'duplicate parameter name: {name!r}')
                params[name] = param
        self._parameters = params
        self._return_annotation = return_annotation

    @property
    def parameters(self):
        return self._parameters

    @property
    def return_annotation(self):
        return self._return_annotation

    def replace(self, *, parameters=_void, return_annotation=_void):
        if parameters is _void:
            parameters = list(self._parameters.values())
        if return_annotation is _void:
            return_annotation = self._return_annotation
        return type(self)(parameters, return_annotation=return_annotation)

    def __eq__(self, other):
        if self is other:
            return True
        if not isinstance(other, Signature):
            return NotImplemented
        return (self._return_annotation == other._return_annotation
                and list(self._parameters.values()) == list(other._parameters.values()))

    def _bind(self, args, kwargs, partial=False):
        arguments = {}
        parameters = list(self._parameters.values())
        pi = 0
        ai = 0
        kwargs = dict(kwargs)
        while True:
            if ai >= len(args):
                # No more positional arguments: the rest must come by keyword or have defaults.
                while pi < len(parameters):
                    param = parameters[pi]
                    pi += 1
                    if param.kind == _VAR_POSITIONAL:
                        continue
                    if param.kind == _VAR_KEYWORD:
                        break
                    if param.name in kwargs:
                        if param.kind == _POSITIONAL_ONLY:
                            raise TypeError(f'{param.name!r} parameter is positional only, but was passed as a keyword')
                        arguments[param.name] = kwargs.pop(param.name)
                        continue
                    if partial or param.default is not _empty:
                        continue
                    raise TypeError(f'missing a required argument: {param.name!r}')
                break
            if pi >= len(parameters):
                raise TypeError('too many positional arguments')
            param = parameters[pi]
            if param.kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
                raise TypeError('too many positional arguments')
            if param.kind == _VAR_POSITIONAL:
                arguments[param.name] = tuple(args[ai:])
                ai = len(args)
                pi += 1
                continue
            if param.name in kwargs and param.kind != _POSITIONAL_ONLY:
                raise TypeError(f'multiple values for argument {param.name!r}')
            arguments[param.name] = args[ai]
            ai += 1
            pi += 1
        kwargs_param = None
        for param in parameters:
            if param.kind == _VAR_KEYWORD:
                kwargs_param = param
        for name in list(kwargs):
            p = self._parameters.get(name)
            if p is not None and p.kind not in (_VAR_POSITIONAL, _VAR_KEYWORD, _POSITIONAL_ONLY):
                if name in arguments:
                    raise TypeError(f'multiple values for argument {name!r}')
                arguments[name] = kwargs.pop(name)
        if kwargs:
            if kwargs_param is None:
                raise TypeError(f'got an unexpected keyword argument {next(iter(kwargs))!r}')
            arguments[kwargs_param.name] = kwargs
        ordered = {}
        for param in parameters:
            if param.name in arguments:
                ordered[param.name] = arguments[param.name]
        return BoundArguments(self, ordered)

    def bind(self, *args, **kwargs):
        return self._bind(args, kwargs)

    def bind_partial(self, *args, **kwargs):
        return self._bind(args, kwargs, partial=True)

    def __str__(self):
        result = []
        render_pos_only_separator = False
        render_kw_only_separator = True
        for param in self._parameters.values():
            formatted = str(param)
            kind = param.kind
            if kind == _POSITIONAL_ONLY:
                render_pos_only_separator = True
            elif render_pos_only_separator:
                result.append('/')
                render_pos_only_separator = False
            if kind == _VAR_POSITIONAL:
                render_kw_only_separator = False
            elif kind == _KEYWORD_ONLY and render_kw_only_separator:
                result.append('*')
                render_kw_only_separator = False
            result.append(formatted)
        if render_pos_only_separator:
            result.append('/')
        rendered = '({})'.format(', '.join(result))
        if self._return_annotation is not _empty:
            rendered += f' -> {_formatannotation(self._return_annotation)}'
        return rendered

    def __repr__(self):
        return f'<{type(self).__name__} {self}>'

    @classmethod
    def from_callable(cls, obj, *, follow_wrapped=True):
        return signature(obj, follow_wrapped=follow_wrapped)


def _signature_from_function(func):
    code = func.__code__
    names = code.co_varnames
    npos = code.co_argcount
    nposonly = code.co_posonlyargcount
    nkw = code.co_kwonlyargcount
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    annotations = getattr(func, '__annotations__', None) or {}
    params = []
    first_default = npos - len(defaults)
    for i in range(npos):
        name = names[i]
        kind = _POSITIONAL_ONLY if i < nposonly else _POSITIONAL_OR_KEYWORD
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(name, kind, default=default, annotation=annotations.get(name, _empty)))
    index = npos + nkw
    if code.co_flags & CO_VARARGS:
        name = names[index]
        params.append(Parameter(name, _VAR_POSITIONAL, annotation=annotations.get(name, _empty)))
        index += 1
    for i in range(npos, npos + nkw):
        name = names[i]
        params.append(Parameter(name, _KEYWORD_ONLY, default=kwdefaults.get(name, _empty),
                                annotation=annotations.get(name, _empty)))
    if code.co_flags & CO_VARKEYWORDS:
        name = names[index]
        params.append(Parameter(name, _VAR_KEYWORD, annotation=annotations.get(name, _empty)))
    return Signature(params, return_annotation=annotations.get('return', _empty))


class _TextSignatureReader:
    # Reads a built-in's __text_signature__, "(a, b=1, *args, c=(0.9, 0.999), **kw)": names, the
    # markers / and *, and literal defaults (numbers, strings, None/True/False, tuples and lists).
    def __init__(self, text):
        self.s = text
        self.i = 0

    def skip(self):
        while self.i < len(self.s) and self.s[self.i] == ' ':
            self.i += 1

    def peek(self):
        self.skip()
        return self.s[self.i] if self.i < len(self.s) else ''

    def name(self):
        self.skip()
        start = self.i
        while self.i < len(self.s) and (self.s[self.i].isalnum() or self.s[self.i] in '_$'):
            self.i += 1
        return self.s[start:self.i]

    def literal(self):
        c = self.peek()
        if c in '([':
            close = ')' if c == '(' else ']'
            self.i += 1
            items = []
            while self.peek() != close:
                items.append(self.literal())
                if self.peek() == ',':
                    self.i += 1
            self.i += 1
            return tuple(items) if close == ')' else items
        if c in '\'"':
            end = self.s.index(c, self.i + 1)
            value = self.s[self.i + 1:end]
            self.i = end + 1
            return value
        start = self.i
        while self.i < len(self.s) and self.s[self.i] not in ',)]':
            self.i += 1
        word = self.s[start:self.i].strip()
        if word in ('None', 'True', 'False'):
            return {'None': None, 'True': True, 'False': False}[word]
        try:
            return int(word)
        except ValueError:
            return float(word)


def _signature_from_text(text):
    r = _TextSignatureReader(text.strip())
    if r.peek() != '(':
        raise ValueError(f'invalid text signature {text!r}')
    r.i += 1
    params = []
    kind = _POSITIONAL_OR_KEYWORD
    while r.peek() not in (')', ''):
        c = r.peek()
        if c == '/':
            r.i += 1
            params = [p.replace(kind=_POSITIONAL_ONLY) for p in params]
        elif c == '*':
            r.i += 1
            if r.peek() == '*':
                r.i += 1
                params.append(Parameter(r.name(), _VAR_KEYWORD))
            else:
                n = r.name()
                if n:
                    params.append(Parameter(n, _VAR_POSITIONAL))
                kind = _KEYWORD_ONLY
        else:
            n = r.name()
            default = _empty
            if r.peek() == '=':
                r.i += 1
                default = r.literal()
            if not n.startswith('$'):
                params.append(Parameter(n, kind, default=default))
        if r.peek() == ',':
            r.i += 1
    return Signature(params)


def _drop_first(sig):
    params = list(sig.parameters.values())
    if not params or params[0].kind in (_VAR_KEYWORD, _KEYWORD_ONLY):
        raise ValueError('invalid method signature')
    if params[0].kind == _VAR_POSITIONAL:
        return sig
    return sig.replace(parameters=params[1:])


def signature(obj, *, follow_wrapped=True, globals=None, locals=None, eval_str=False):
    if not callable(obj):
        raise TypeError(f'{obj!r} is not a callable object')
    if ismethod(obj):
        return _drop_first(signature(obj.__func__, follow_wrapped=follow_wrapped))
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, '__signature__'))
        if ismethod(obj):
            return signature(obj, follow_wrapped=follow_wrapped)
    sig = getattr(obj, '__signature__', None)
    if sig is not None:
        if not isinstance(sig, Signature):
            raise TypeError(f'unexpected object {sig!r} in __signature__ attribute')
        return sig
    if isfunction(obj):
        return _signature_from_function(obj)
    text = getattr(obj, '__text_signature__', None)
    if isinstance(text, str) and (isinstance(obj, type) or isbuiltin(obj)):
        return _signature_from_text(text)
    if type(obj).__name__ == 'partial' and type(obj).__module__ == 'functools':
        return _signature_of_partial(obj)
    if isinstance(obj, type):
        for klass in obj.__mro__:
            if '__init__' in klass.__dict__ and isfunction(klass.__dict__['__init__']):
                return _drop_first(signature(klass.__dict__['__init__']))
            if '__new__' in klass.__dict__ and isfunction(getattr(klass, '__new__', None)):
                return _drop_first(signature(klass.__new__))
        if obj.__init__ is object.__init__ or not isfunction(getattr(obj, '__init__', None)):
            raise ValueError(f'no signature found for builtin type {obj!r}')
    if isbuiltin(obj):
        raise ValueError(f'no signature found for builtin {obj!r}')
    call = getattr(type(obj), '__call__', None)
    if call is not None and isfunction(call):
        return _drop_first(signature(call))
    raise ValueError(f'callable {obj!r} is not supported by signature')


def _signature_of_partial(p):
    sig = signature(p.func)
    ba = sig.bind_partial(*p.args, **p.keywords)
    params = []
    npos = len(p.args)
    for i, param in enumerate(sig.parameters.values()):
        if i < npos and param.kind in (_POSITIONAL_ONLY, _POSITIONAL_OR_KEYWORD):
            continue
        if param.name in p.keywords:
            if param.kind in (_POSITIONAL_OR_KEYWORD, _KEYWORD_ONLY):
                params.append(param.replace(default=p.keywords[param.name], kind=_KEYWORD_ONLY))
                continue
        if param.kind == _POSITIONAL_OR_KEYWORD and any([q.kind == _KEYWORD_ONLY for q in params]):
            param = param.replace(kind=_KEYWORD_ONLY)
        params.append(param)
    return sig.replace(parameters=params)


FullArgSpec = _namedtuple('FullArgSpec', 'args, varargs, varkw, defaults, kwonlyargs, kwonlydefaults, annotations',
                          module='inspect')


def getfullargspec(func):
    try:
        sig = signature(func, follow_wrapped=False)
    except Exception as ex:
        raise TypeError('unsupported callable') from ex
    args = []
    varargs = None
    varkw = None
    posonlyargs = []
    kwonlyargs = []
    annotations = {}
    defaults = ()
    kwdefaults = {}
    if sig.return_annotation is not _empty:
        annotations['return'] = sig.return_annotation
    for param in sig.parameters.values():
        kind = param.kind
        name = param.name
        if kind == _POSITIONAL_ONLY:
            posonlyargs.append(name)
            if param.default is not _empty:
                defaults += (param.default,)
        elif kind == _POSITIONAL_OR_KEYWORD:
            args.append(name)
            if param.default is not _empty:
                defaults += (param.default,)
        elif kind == _VAR_POSITIONAL:
            varargs = name
        elif kind == _KEYWORD_ONLY:
            kwonlyargs.append(name)
            if param.default is not _empty:
                kwdefaults[name] = param.default
        elif kind == _VAR_KEYWORD:
            varkw = name
        if param.annotation is not _empty:
            annotations[name] = param.annotation
    if not kwdefaults:
        kwdefaults = None
    if not defaults:
        defaults = None
    return FullArgSpec(posonlyargs + args, varargs, varkw, defaults, kwonlyargs, kwdefaults, annotations)


# ---- frames and stacks ------------------------------------------------------------------------------

def iscode(object):
    return type(object).__name__ == 'code'


def isframe(object):
    return type(object).__name__ == 'frame'


def istraceback(object):
    return type(object).__name__ == 'traceback'


def currentframe():
    """Return the frame of the caller or None if this is not possible."""
    return _sys._getframe(1) if hasattr(_sys, "_getframe") else None


Arguments = _namedtuple('Arguments', 'args, varargs, varkw', module='inspect')
ArgInfo = _namedtuple('ArgInfo', 'args varargs keywords locals', module='inspect')


def getargs(co):
    if not iscode(co):
        raise TypeError('{!r} is not a code object'.format(co))
    names = co.co_varnames
    nargs = co.co_argcount
    nkwargs = co.co_kwonlyargcount
    args = list(names[:nargs])
    kwonlyargs = list(names[nargs:nargs + nkwargs])
    nargs += nkwargs
    varargs = None
    if co.co_flags & CO_VARARGS:
        varargs = co.co_varnames[nargs]
        nargs = nargs + 1
    varkw = None
    if co.co_flags & CO_VARKEYWORDS:
        varkw = co.co_varnames[nargs]
    return Arguments(args + kwonlyargs, varargs, varkw)


def getargvalues(frame):
    args, varargs, varkw = getargs(frame.f_code)
    return ArgInfo(args, varargs, varkw, frame.f_locals)


def formatargvalues(args, varargs, varkw, locals, formatarg=str, formatvarargs=lambda name: '*' + name,
                    formatvarkw=lambda name: '**' + name, formatvalue=lambda value: '=' + repr(value)):
    def convert(name, locals=locals, formatarg=formatarg, formatvalue=formatvalue):
        return formatarg(name) + formatvalue(locals[name])
    specs = []
    for i in range(len(args)):
        specs.append(convert(args[i]))
    if varargs:
        specs.append(formatvarargs(varargs) + formatvalue(locals[varargs]))
    if varkw:
        specs.append(formatvarkw(varkw) + formatvalue(locals[varkw]))
    return '(' + ', '.join(specs) + ')'


_Positions = _namedtuple('Positions', ['lineno', 'end_lineno', 'col_offset', 'end_col_offset'],
                         defaults=[None] * 4, module='dis')
_Traceback = _namedtuple('_Traceback', 'filename lineno function code_context index', module='inspect')


class Traceback(_Traceback):
    def __new__(cls, filename, lineno, function, code_context, index, *, positions=None):
        instance = super().__new__(cls, filename, lineno, function, code_context, index)
        instance.positions = positions
        return instance

    def __repr__(self):
        return ('Traceback(filename={!r}, lineno={!r}, function={!r}, '
                'code_context={!r}, index={!r}, positions={!r})'.format(
                    self.filename, self.lineno, self.function, self.code_context, self.index, self.positions))


_FrameInfo = _namedtuple('_FrameInfo', ('frame',) + Traceback._fields, module='inspect')


class FrameInfo(_FrameInfo):
    def __new__(cls, frame, filename, lineno, function, code_context, index, *, positions=None):
        instance = super().__new__(cls, frame, filename, lineno, function, code_context, index)
        instance.positions = positions
        return instance

    def __repr__(self):
        return ('FrameInfo(frame={!r}, filename={!r}, lineno={!r}, function={!r}, '
                'code_context={!r}, index={!r}, positions={!r})'.format(
                    self.frame, self.filename, self.lineno, self.function, self.code_context, self.index,
                    self.positions))


def _source_lines(filename):
    # The file's lines with their newlines, as linecache gives them to CPython's findsource; None
    # where the file cannot be read (a module embedded in Kiln, a file outside the sandbox).
    try:
        with open(filename, encoding='utf-8') as f:
            return f.readlines()
    except Exception:
        return None


def getframeinfo(frame, context=1):
    if istraceback(frame):
        lineno = frame.tb_lineno
        frame = frame.tb_frame
        positions = (lineno, None, None, None)
    else:
        if not isframe(frame):
            raise TypeError('{!r} is not a frame or traceback object'.format(frame))
        positions = frame._kiln_positions
    lineno = positions[0]
    filename = frame.f_code.co_filename
    if context > 0:
        start = lineno - 1 - context // 2
        lines = _source_lines(filename)
        if lines is None:
            index = None
        else:
            start = max(0, min(start, len(lines) - context))
            lines = lines[start:start + context]
            index = lineno - 1 - start
    else:
        lines = index = None
    return Traceback(filename, lineno, frame.f_code.co_name, lines, index, positions=_Positions(*positions))


def getouterframes(frame, context=1):
    framelist = []
    while frame:
        traceback_info = getframeinfo(frame, context)
        frameinfo = (frame,) + traceback_info
        framelist.append(FrameInfo(*frameinfo, positions=traceback_info.positions))
        frame = frame.f_back
    return framelist


def stack(context=1):
    """Return a list of records for the stack above the caller's frame."""
    return getouterframes(_sys._getframe(1), context)


# ---- source code ----------------------------------------------------------------------------------

def isasyncgenfunction(obj):
    # Kiln compiles no async code, so nothing is an async generator (function)
    return False


def isasyncgen(object):
    return False


def ismemberdescriptor(object):
    return type(object).__name__ == 'member_descriptor'


def isgetsetdescriptor(object):
    return type(object).__name__ == 'getset_descriptor'


def formatannotation(annotation, base_module=None):
    if getattr(annotation, '__module__', None) == 'typing':
        return repr(annotation).replace('typing.', '')
    if isinstance(annotation, type):
        if annotation.__module__ in ('builtins', base_module):
            return annotation.__qualname__
        return annotation.__module__ + '.' + annotation.__qualname__
    return repr(annotation)


def getmodulename(path):
    import os
    fname = os.path.basename(path)
    for suffix in ('.cpython-312-x86_64-linux-gnu.so', '.abi3.so', '.pyc', '.py', '.so'):
        if fname.endswith(suffix):
            return fname[:-len(suffix)]
    return None


def _code_object(object):
    # a method's, function's, traceback's or frame's code object (anything else as it is): the chain
    # getfile and findsource both walk
    if ismethod(object):
        object = object.__func__
    if isfunction(object):
        object = object.__code__
    if istraceback(object):
        object = object.tb_frame
    if isframe(object):
        object = object.f_code
    return object


def getfile(object):
    if ismodule(object):
        if getattr(object, '__file__', None):
            return object.__file__
        raise TypeError('{!r} is a built-in module'.format(object))
    if isclass(object):
        if hasattr(object, '__module__'):
            module = _sys.modules.get(object.__module__)
            if getattr(module, '__file__', None):
                return module.__file__
            if object.__module__ == '__main__':
                raise OSError('source code not available')
        raise TypeError('{!r} is a built-in class'.format(object))
    object = _code_object(object)
    if iscode(object):
        return object.co_filename
    raise TypeError('module, class, method, function, traceback, frame, or '
                    'code object was expected, got {}'.format(type(object).__name__))


def getmodule(object, _filename=None):
    if ismodule(object):
        return object
    if hasattr(object, '__module__'):
        return _sys.modules.get(object.__module__)
    if _filename is None:
        try:
            _filename = getsourcefile(object) or getfile(object)
        except TypeError:
            return None
    for module in list(_sys.modules.values()):
        if getattr(module, '__file__', None) == _filename:
            return module
    return None


def getsourcefile(object):
    import os
    import linecache
    filename = getfile(object)
    if not filename.endswith('.py'):
        return None
    if os.path.exists(filename):
        return filename
    if filename in linecache.cache:
        return filename
    return None


def indentsize(line):
    expline = line.expandtabs()
    return len(expline) - len(expline.lstrip())


class EndOfBlock(Exception):
    pass


# The token kinds BlockFinder tells apart (tokenize's names); every other token is _OTHER.
_NEWLINE, _NL, _COMMENT, _INDENT, _DEDENT, _OTHER = 'NEWLINE', 'NL', 'COMMENT', 'INDENT', 'DEDENT', 'OTHER'
_STRING_PREFIXES = ('r', 'u', 'b', 'br', 'rb', 'f', 'fr', 'rf')


class _Unmatched(Exception):
    # a closing bracket without its opener: tokenize's "unmatched ')'" SyntaxError
    pass


def _string_end(line, pos, quote):
    # the index just past the closing quote of a string opened before pos, or -1 if the line ends first
    n = len(line)
    while pos < n:
        if line[pos] == '\\':
            pos += 2
        elif line.startswith(quote, pos):
            return pos + len(quote)
        else:
            pos += 1
    return -1


def _block_tokens(lines):
    # The token stream tokenize.generate_tokens gives for lines, reduced to what BlockFinder reads:
    # (kind, text, (row, col)) with NEWLINE (a logical line ends) apart from NL (a blank or comment
    # line, or a line break inside brackets), COMMENT, INDENT (its end column) and DEDENT at the next
    # line of code, everything else as _OTHER with its text. An unindent to no outer level raises
    # IndentationError, a closing bracket without an opener _Unmatched, as tokenize does.
    indents = [0]
    depth = 0
    quote = None      # the delimiter of a string still open at the end of the previous line
    joined = False    # the previous line ended with a backslash
    for row, line in enumerate(lines, 1):
        pos, n = 0, len(line.rstrip('\r\n'))
        code = quote is not None or joined  # the line goes on a logical line begun above
        if quote is not None:
            end = _string_end(line, 0, quote)
            if end < 0 or end > n:
                continue
            quote = None
            pos = end
        elif depth == 0 and not joined:
            col = 0
            while pos < n and line[pos] in ' \t\f':
                col = 0 if line[pos] == '\f' else (col // 8 + 1) * 8 if line[pos] == '\t' else col + 1
                pos += 1
            if pos == n or line[pos] == '#':
                if pos < n:
                    yield _COMMENT, line[pos:n], (row, pos)
                yield _NL, '\n', (row, n)
                continue
            if col > indents[-1]:
                indents.append(col)
                yield _INDENT, line[:pos], (row, pos)
            while col < indents[-1]:
                indents.pop()
                yield _DEDENT, '', (row, pos)
            if col != indents[-1]:
                raise IndentationError('unindent does not match any outer indentation level')
        joined = False
        while pos < n:
            c = line[pos]
            if c in ' \t\f':
                pos += 1
                continue
            if c == '#':
                yield _COMMENT, line[pos:n], (row, pos)
                break
            if c == '\\' and not line[pos + 1:n].strip():
                joined = True
                break
            code = True
            start = pos
            if c.isalpha() or c == '_' or ord(c) > 127:
                while pos < n and (line[pos].isalnum() or line[pos] == '_' or ord(line[pos]) > 127):
                    pos += 1
                if pos < n and line[pos] in '\'"' and line[start:pos].lower() in _STRING_PREFIXES:
                    c = line[pos]
                else:
                    yield _OTHER, line[start:pos], (row, start)
                    continue
            if c in '\'"':
                q = line[pos:pos + 3]
                q = q if q in ("'''", '"""') else c
                end = _string_end(line, pos + len(q), q)
                if end < 0 or end > n:
                    if len(q) == 3:
                        quote = q  # the string goes on over the next lines
                    break
                pos = end
                yield _OTHER, line[start:pos], (row, start)
                continue
            if c.isdigit() or (c == '.' and line[pos + 1:pos + 2].isdigit()):
                pos += 1
                while pos < n and (line[pos].isalnum() or line[pos] in '._' or
                                   (line[pos] in '+-' and line[pos - 1] in 'eE')):
                    pos += 1
                yield _OTHER, line[start:pos], (row, start)
                continue
            if c in '([{':
                depth += 1
            elif c in ')]}':
                if depth == 0:
                    raise _Unmatched(c)
                depth -= 1
            pos += 1
            if c in '@<>=!+-*/%&|^:' and line[pos:pos + 1] == '=':
                pos += 1  # '@=' is one token, not a decorator's '@'
            yield _OTHER, line[start:pos], (row, start)
        if quote is None and not joined:
            yield (_NL if depth or not code else _NEWLINE), '\n', (row, n)
    for _ in indents[1:]:
        yield _DEDENT, '', (len(lines) + 1, 0)
    yield _OTHER, '', (len(lines) + 1, 0)  # ENDMARKER


class BlockFinder:
    # CPython's rules for where a def, class or lambda that begins the lines ends, fed one token at a
    # time: decorators and the header are skipped to the NEWLINE that ends the header; a lambda ends
    # there; a block ends at the DEDENT back to its own level (or, for a one-line def, at the next
    # token of code at that level); comments after the last statement count while indented at least
    # like the body's first line. last is the block's last line (1-based).
    def __init__(self):
        self.indent = 0
        self.islambda = False
        self.started = False
        self.passline = False
        self.indecorator = False
        self.last = 1
        self.body_col0 = None

    def tokeneater(self, type, token, srowcol, erowcol, line):
        if not self.started and not self.indecorator:
            if token == '@':
                self.indecorator = True
            elif token in ('def', 'class', 'lambda'):
                self.islambda = token == 'lambda'
                self.started = True
            self.passline = True
        elif type == _NEWLINE:
            self.passline = False
            self.last = srowcol[0]
            if self.islambda:
                raise EndOfBlock
            self.indecorator = False  # a decorator's NEWLINE ends it
        elif self.passline:
            pass
        elif type == _INDENT:
            if self.body_col0 is None and self.started:
                self.body_col0 = erowcol[1]
            self.indent += 1
            self.passline = True
        elif type == _DEDENT:
            self.indent -= 1
            if self.indent <= 0:
                raise EndOfBlock
        elif type == _COMMENT:
            if self.body_col0 is not None and srowcol[1] >= self.body_col0:
                self.last = srowcol[0]
        elif self.indent == 0 and type != _NL:
            raise EndOfBlock


def getblock(lines):
    finder = BlockFinder()
    previous = None
    try:
        for kind, text, start in _block_tokens(lines):
            previous = start
            end = (start[0], start[1] + len(text)) if kind != _INDENT else start
            finder.tokeneater(kind, text, start, end, lines[start[0] - 1] if start[0] <= len(lines) else '')
    except (EndOfBlock, IndentationError):
        pass
    except _Unmatched:
        # CPython ends the block as if a NEWLINE came at the last token before the stray bracket
        try:
            if previous is not None:
                finder.tokeneater(_NEWLINE, '', previous, previous, '')
        except EndOfBlock:
            pass
    return lines[:finder.last]


def _class_line(lines, qualname):
    # The 0-based line where the class `qualname` starts (its first decorator, else its `class`
    # line): the first class statement, in source order, whose enclosing defs and classes make that
    # qualified name (a def adds '<locals>'), as CPython's _ClassFinder walks the module's tree.
    # Statements nest by the tokens' INDENT/DEDENT depth, so text in strings is never mistaken.
    scopes = []          # (depth, name, is_def) of the def/class statements enclosing this point
    depth = 0
    at_start = True      # the next token begins a logical line
    keyword = None       # 'class' or 'def' just read; the next token is its name
    decorator = None     # the line of the first decorator above the coming statement
    try:
        for kind, text, (row, col) in _block_tokens(lines):
            if kind == _INDENT:
                depth += 1
            elif kind == _DEDENT:
                depth -= 1
            if kind in (_NEWLINE, _INDENT, _DEDENT):
                at_start = True
                continue
            if kind != _OTHER:
                continue
            if keyword is not None:
                while scopes and scopes[-1][0] >= depth:
                    scopes.pop()
                parts = []
                for _, name, is_def in scopes:
                    parts += [name, '<locals>'] if is_def else [name]
                if keyword == 'class' and '.'.join(parts + [text]) == qualname:
                    return (decorator if decorator is not None else row) - 1
                scopes.append((depth, text, keyword == 'def'))
                keyword = decorator = None
            elif at_start:
                if text == '@':
                    if decorator is None:
                        decorator = row
                elif text in ('class', 'def'):
                    keyword = text
                elif text != 'async':
                    decorator = None
                at_start = text == 'async'
    except (IndentationError, _Unmatched):
        pass
    raise OSError('could not find class definition')


def _is_head(line):
    # whether a line opens a def, async def or decorator, or holds a lambda (not inside a longer
    # name): CPython's pattern r'^(\s*def\s)|(\s*async\s+def\s)|(.*(?<!\w)lambda(:|\s))|^(\s*@)'
    rest = line.lstrip()
    if rest.startswith('@') or (rest.startswith('def') and rest[3:4].isspace()):
        return True
    if rest.startswith('async') and rest[5:6].isspace():
        after = rest[5:].lstrip()
        if after.startswith('def') and after[3:4].isspace():
            return True
    at = line.find('lambda')
    while at >= 0:
        before = line[at - 1:at]
        follow = line[at + 6:at + 7]
        if not (before.isalnum() or before == '_') and (follow == ':' or follow.isspace()):
            return True
        at = line.find('lambda', at + 1)
    return False


def findsource(object):
    import linecache
    file = getsourcefile(object)
    if file is not None:
        linecache.checkcache(file)
    else:
        file = getfile(object)
        if not (file.startswith('<') and file.endswith('>')):
            raise OSError('source code not available')
    module = getmodule(object, file)
    lines = linecache.getlines(file, module.__dict__ if module else None)
    if not lines:
        raise OSError('could not get source code')
    if ismodule(object):
        return lines, 0
    if isclass(object):
        return lines, _class_line(lines, object.__qualname__)
    object = _code_object(object)
    if iscode(object):
        # CPython 3.12 walks up from co_firstlineno to the nearest def, lambda or decorator line
        lnum = object.co_firstlineno - 1
        while lnum > 0:
            if lnum >= len(lines):
                raise OSError('lineno is out of bounds')
            if _is_head(lines[lnum]):
                break
            lnum -= 1
        return lines, lnum
    raise OSError('could not find code object')


def getsourcelines(object):
    object = unwrap(object)
    lines, lnum = findsource(object)
    if istraceback(object):
        object = object.tb_frame
    if ismodule(object) or (isframe(object) and object.f_code.co_name == '<module>'):
        return lines, 0
    return getblock(lines[lnum:]), lnum + 1


def getsource(object):
    lines, lnum = getsourcelines(object)
    return ''.join(lines)


GEN_CREATED = 'GEN_CREATED'
GEN_RUNNING = 'GEN_RUNNING'
GEN_SUSPENDED = 'GEN_SUSPENDED'
GEN_CLOSED = 'GEN_CLOSED'


def getgeneratorstate(generator):
    # the order of CPython's tests: running, suspended, then a finished generator has no frame
    if generator.gi_running:
        return GEN_RUNNING
    if generator.gi_suspended:
        return GEN_SUSPENDED
    if generator.gi_frame is None:
        return GEN_CLOSED
    return GEN_CREATED


def getgeneratorlocals(generator):
    if not isgenerator(generator):
        raise TypeError("{!r} is not a Python generator".format(generator))
    frame = getattr(generator, "gi_frame", None)
    if frame is not None:
        return generator.gi_frame.f_locals
    return {}


def get_annotations(obj, *, globals=None, locals=None, eval_str=False):
    if isinstance(obj, type):
        ann = obj.__dict__.get('__annotations__', None)
        obj_globals = getattr(_sys.modules.get(obj.__module__, None), '__dict__', None)
        obj_locals = dict(vars(obj))
        unwrap_obj = obj
    elif ismodule(obj):
        ann = getattr(obj, '__annotations__', None)
        obj_globals = getattr(obj, '__dict__')
        obj_locals = None
        unwrap_obj = None
    elif callable(obj):
        ann = getattr(obj, '__annotations__', None)
        obj_globals = getattr(obj, '__globals__', None)
        obj_locals = None
        unwrap_obj = obj
    else:
        raise TypeError(f"{obj!r} is not a module, class, or callable.")
    if ann is None:
        return {}
    if not isinstance(ann, dict):
        raise ValueError(f"{obj!r}.__annotations__ is neither a dict nor None")
    if not ann:
        return {}
    if not eval_str:
        return dict(ann)
    if unwrap_obj is not None:
        while True:
            if hasattr(unwrap_obj, '__wrapped__'):
                unwrap_obj = unwrap_obj.__wrapped__
                continue
            if hasattr(unwrap_obj, 'func') and hasattr(unwrap_obj, 'args'):  # functools.partial
                unwrap_obj = unwrap_obj.func
                continue
            break
        if hasattr(unwrap_obj, '__globals__'):
            obj_globals = unwrap_obj.__globals__
    if globals is None:
        globals = obj_globals
    if locals is None:
        locals = obj_locals
    return {key: value if not isinstance(value, str) else eval(value, globals, locals)
            for key, value in ann.items()}


ClosureVars = _namedtuple('ClosureVars', 'nonlocals globals builtins unbound')


def getclosurevars(func):
    if ismethod(func):
        func = func.__func__
    if not isfunction(func):
        raise TypeError("{!r} is not a Python function".format(func))
    code = func.__code__
    if func.__closure__ is None:
        nonlocal_vars = {}
    else:
        nonlocal_vars = {var: cell.cell_contents for var, cell in zip(code.co_freevars, func.__closure__)}
    global_ns = func.__globals__
    builtin_ns = global_ns.get('__builtins__', None)
    if ismodule(builtin_ns):
        builtin_ns = builtin_ns.__dict__
    if builtin_ns is None:
        import builtins
        builtin_ns = builtins.__dict__
    global_vars = {}
    builtin_vars = {}
    unbound_names = set()
    for name in code.co_names:
        if name in ('None', 'True', 'False'):
            continue
        try:
            global_vars[name] = global_ns[name]
        except KeyError:
            try:
                builtin_vars[name] = builtin_ns[name]
            except KeyError:
                unbound_names.add(name)
    return ClosureVars(nonlocal_vars, global_vars, builtin_vars, unbound_names)
