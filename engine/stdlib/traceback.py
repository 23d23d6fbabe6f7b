"""Extract, format and print information about Python stack traces: CPython 3.11's traceback module.

Built on the native `_traceback` helpers (engine/vm/host_sys.cpp), which hand out an exception's
traceback entries, the running calls and the "ValueError: msg" tail exactly as Kiln's uncaught
exception printer writes them, so that format_exception(e) and an uncaught e read the same.
FrameSummary carries no locals and the `f` arguments of the *_stack functions must be None;
walk_tb walks a traceback's frames (tb_frame), walk_stack and StackSummary.extract are absent.
Source lines carry CPython 3.12's ~~^^ markers, as Kiln's own tracebacks do (traceback_carets.cpp).
"""
import collections
import itertools
import sys

import _traceback

__all__ = ['extract_stack', 'extract_tb', 'format_exception', 'format_exception_only', 'format_list',
           'format_stack', 'format_tb', 'print_exc', 'format_exc', 'print_exception', 'print_last',
           'print_stack', 'print_tb', 'FrameSummary', 'StackSummary', 'TracebackException', 'walk_tb']

_RECURSIVE_CUTOFF = 3  # Also hardcoded in the interpreter's printer (interpreter.cpp)

_cause_message = ("\nThe above exception was the direct cause "
                  "of the following exception:\n\n")

_context_message = ("\nDuring handling of the above exception, "
                    "another exception occurred:\n\n")

_sentinel = object()


def print_list(extracted_list, file=None):
    if file is None:
        file = sys.stderr
    for item in StackSummary.from_list(extracted_list).format():
        print(item, file=file, end="")


def format_list(extracted_list):
    return StackSummary.from_list(extracted_list).format()


def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit=limit), file=file)


def format_tb(tb, limit=None):
    return extract_tb(tb, limit=limit).format()


def walk_tb(tb):
    """Walk a traceback along tb_next, yielding the frame and line number of each entry."""
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def extract_tb(tb, limit=None):
    if tb is not None and not _traceback.is_traceback(tb):
        raise AttributeError(f"'{type(tb).__name__}' object has no attribute 'tb_frame'")
    return StackSummary._from_entries(_traceback.entries(tb), limit)


def _parse_value_tb(exc, value, tb):
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError("Both or neither of value and tb must be given")
    if value is tb is _sentinel:
        if exc is not None:
            if isinstance(exc, BaseException):
                return exc, exc.__traceback__
            raise TypeError(f'Exception expected for value, {type(exc).__name__} found')
        else:
            return None, None
    return value, tb


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    te.print(file=file, chain=chain)


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    return list(te.format(chain=chain))


def format_exception_only(exc, /, value=_sentinel):
    if value is _sentinel:
        value = exc
    te = TracebackException(type(value), value, None, compact=True)
    return list(te.format_exception_only())


def _handled():
    value = _traceback.handled()
    return value, (value.__traceback__ if value is not None else None)


def print_exc(limit=None, file=None, chain=True):
    value, tb = _handled()
    print_exception(value, value, tb, limit=limit, file=file, chain=chain)


def format_exc(limit=None, chain=True):
    value, tb = _handled()
    return "".join(format_exception(value, value, tb, limit=limit, chain=chain))


def print_last(limit=None, file=None, chain=True):
    if not hasattr(sys, "last_type"):
        raise ValueError("no last exception")
    print_exception(sys.last_type, sys.last_value, sys.last_traceback, limit, file, chain)


def _no_frames(f):
    if f is not None:
        raise NotImplementedError("frame objects are not supported in Kiln: pass f=None (the calling frame)")


def print_stack(f=None, limit=None, file=None):
    _no_frames(f)
    print_list(StackSummary._from_entries(_traceback.stack(1), limit, stack=True), file=file)


def format_stack(f=None, limit=None):
    _no_frames(f)
    return format_list(StackSummary._from_entries(_traceback.stack(1), limit, stack=True))


def extract_stack(f=None, limit=None):
    _no_frames(f)
    return StackSummary._from_entries(_traceback.stack(1), limit, stack=True)


class FrameSummary:
    """Information about a single frame from a traceback."""

    __slots__ = ('filename', 'lineno', 'end_lineno', 'colno', 'end_colno',
                 'name', '_line', 'locals')

    def __init__(self, filename, lineno, name, *, lookup_line=True,
                 locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self._line = line
        if lookup_line:
            self.line
        self.locals = {k: repr(v) for k, v in locals.items()} if locals else None
        self.end_lineno = end_lineno
        self.colno = colno
        self.end_colno = end_colno

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and
                    self.lineno == other.lineno and
                    self.name == other.name and
                    self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return "<FrameSummary file {filename}, line {lineno} in {name}>".format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def _original_line(self):
        self.line
        return self._line

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = _traceback.source_line(self.filename, self.lineno)
        return self._line.strip()


class StackSummary(list):
    """A list of FrameSummary objects, representing a stack of frames."""

    @classmethod
    def _from_entries(klass, entries, limit, stack=False):
        # entries run outermost first; a stack's limit counts from the innermost call, a
        # traceback's from the outermost (CPython walks a stack inward-out, then reverses it).
        if limit is None:
            limit = getattr(sys, 'tracebacklimit', None)
            if limit is not None and limit < 0:
                limit = 0
        if stack:
            entries = entries[::-1]
        if limit is not None:
            if limit >= 0:
                entries = list(itertools.islice(entries, limit))
            else:
                entries = list(collections.deque(entries, maxlen=-limit))
        if stack:
            entries = entries[::-1]
        result = klass()
        for filename, lineno, name, line, end_lineno, colno, end_colno in entries:
            result.append(FrameSummary(filename, lineno, name, lookup_line=False, line=line,
                                       end_lineno=end_lineno, colno=colno, end_colno=end_colno))
        return result

    @classmethod
    def from_list(klass, a_list):
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        row = []
        row.append('  File "{}", line {}, in {}\n'.format(
            frame_summary.filename, frame_summary.lineno, frame_summary.name))
        if frame_summary.line:
            row.append('    {}\n'.format(frame_summary.line.strip()))
            carets = _traceback.carets(frame_summary.filename, frame_summary.lineno, frame_summary.end_lineno,
                                       frame_summary.colno, frame_summary.end_colno)
            if carets:
                row.append(carets + '\n')
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append('    {name} = {value}\n'.format(name=name, value=value))
        return ''.join(row)

    def format(self):
        result = []
        last_file = None
        last_line = None
        last_name = None
        count = 0
        for frame_summary in self:
            formatted_frame = self.format_frame_summary(frame_summary)
            if formatted_frame is None:
                continue
            if (last_file is None or last_file != frame_summary.filename or
                    last_line is None or last_line != frame_summary.lineno or
                    last_name is None or last_name != frame_summary.name):
                if count > _RECURSIVE_CUTOFF:
                    count -= _RECURSIVE_CUTOFF
                    result.append(
                        f'  [Previous line repeated {count} more '
                        f'time{"s" if count > 1 else ""}]\n'
                    )
                last_file = frame_summary.filename
                last_line = frame_summary.lineno
                last_name = frame_summary.name
                count = 0
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
            result.append(formatted_frame)

        if count > _RECURSIVE_CUTOFF:
            count -= _RECURSIVE_CUTOFF
            result.append(
                f'  [Previous line repeated {count} more '
                f'time{"s" if count > 1 else ""}]\n'
            )
        return result


class TracebackException:
    """An exception ready for rendering: its stack, its cause/context chain (each exception once,
    so cycles end) and its "Type: message" text, taken when it is made."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None,
                 lookup_lines=True, capture_locals=False, compact=False,
                 max_group_width=15, max_group_depth=10, _seen=None):
        is_recursive_call = _seen is not None
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.stack = StackSummary._from_entries(_traceback.entries(exc_traceback), limit)
        self.exc_type = exc_type
        self._value = exc_value
        self._str = _safe_string(exc_value, 'exception')
        self.__notes__ = getattr(exc_value, '__notes__', None)
        if exc_type and issubclass(exc_type, SyntaxError):
            self.filename = getattr(exc_value, 'filename', None)
            lno = getattr(exc_value, 'lineno', None)
            self.lineno = str(lno) if lno is not None else None
            self.text = getattr(exc_value, 'text', None)
            self.offset = getattr(exc_value, 'offset', None)
            self.msg = getattr(exc_value, 'msg', None)
        self.__suppress_context__ = exc_value.__suppress_context__ if exc_value is not None else False
        self.__cause__ = None
        self.__context__ = None
        self.max_group_width = max_group_width
        self.max_group_depth = max_group_depth
        self.exceptions = None  # an exception group's parts, each a TracebackException
        if not is_recursive_call:
            # Iterative over the chain: causes and contexts thousands deep cannot exhaust the stack.
            queue = [(self, exc_value)]
            while queue:
                te, e = queue.pop()
                if (e and e.__cause__ is not None and id(e.__cause__) not in _seen):
                    cause = TracebackException(type(e.__cause__), e.__cause__, e.__cause__.__traceback__,
                                               limit=limit, compact=compact, _seen=_seen)
                else:
                    cause = None
                if compact:
                    need_context = (cause is None and e is not None and not e.__suppress_context__)
                else:
                    need_context = True
                if (e and e.__context__ is not None and need_context and id(e.__context__) not in _seen):
                    context = TracebackException(type(e.__context__), e.__context__, e.__context__.__traceback__,
                                                 limit=limit, compact=compact, _seen=_seen)
                else:
                    context = None
                te.__cause__ = cause
                te.__context__ = context
                if cause:
                    queue.append((te.__cause__, e.__cause__))
                if context:
                    queue.append((te.__context__, e.__context__))
                if e is not None and isinstance(e, BaseExceptionGroup):
                    te.exceptions = []
                    for sub in e.exceptions:
                        part = TracebackException(type(sub), sub, sub.__traceback__, limit=limit,
                                                  lookup_lines=lookup_lines, capture_locals=capture_locals,
                                                  max_group_width=max_group_width,
                                                  max_group_depth=max_group_depth, _seen=_seen)
                        te.exceptions.append(part)
                        queue.append((part, sub))

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        if self.exc_type is None:
            yield "NoneType: None\n"
            return
        text = _traceback.exception_only(self._value)
        if issubclass(self.exc_type, SyntaxError):
            yield from text.splitlines(keepends=True)
        else:
            yield text

    def format(self, *, chain=True, _ctx=None):
        # An exception group prints its parts nested under it behind "| " margins, between
        # "+---- N ----" separators, with the interpreter's limits (max_group_width parts,
        # max_group_depth levels), as CPython 3.12's TracebackException.format.
        if _ctx is None:
            _ctx = _ExceptionPrintContext()
        output = []
        exc = self
        if chain:
            while exc:
                if exc.__cause__ is not None:
                    chained_msg = _cause_message
                    chained_exc = exc.__cause__
                elif (exc.__context__ is not None and
                      not exc.__suppress_context__):
                    chained_msg = _context_message
                    chained_exc = exc.__context__
                else:
                    chained_msg = None
                    chained_exc = None
                output.append((chained_msg, exc))
                exc = chained_exc
        else:
            output.append((None, exc))
        for msg, exc in reversed(output):
            if msg is not None:
                yield from _ctx.emit(msg)
            if exc.exceptions is None:
                if exc.stack:
                    yield from _ctx.emit('Traceback (most recent call last):\n')
                    yield from _ctx.emit(exc.stack.format())
                yield from _ctx.emit(exc.format_exception_only())
            elif _ctx.exception_group_depth > self.max_group_depth:
                yield from _ctx.emit(f"... (max_group_depth is {self.max_group_depth})\n")
            else:
                toplevel = _ctx.exception_group_depth == 0
                if toplevel:
                    _ctx.exception_group_depth += 1
                if exc.stack:
                    yield from _ctx.emit('Exception Group Traceback (most recent call last):\n',
                                         margin_char='+' if toplevel else None)
                    yield from _ctx.emit(exc.stack.format())
                yield from _ctx.emit(exc.format_exception_only())
                num = len(exc.exceptions)
                n = num if num <= self.max_group_width else self.max_group_width + 1
                _ctx.need_close = False
                for i in range(n):
                    last = i == n - 1
                    if last:
                        _ctx.need_close = True
                    truncated = i >= self.max_group_width
                    title = '...' if truncated else f'{i + 1}'
                    yield (_ctx.indent() + ('+-' if i == 0 else '  ') +
                           f'+---------------- {title} ----------------\n')
                    _ctx.exception_group_depth += 1
                    if not truncated:
                        yield from exc.exceptions[i].format(chain=chain, _ctx=_ctx)
                    else:
                        more = num - self.max_group_width
                        yield from _ctx.emit(f"and {more} more exception{'s' if more > 1 else ''}\n")
                    if last and _ctx.need_close:
                        yield _ctx.indent() + "+------------------------------------\n"
                        _ctx.need_close = False
                    _ctx.exception_group_depth -= 1
                if toplevel:
                    _ctx.exception_group_depth = 0

    def print(self, *, file=None, chain=True):
        if file is None:
            file = sys.stderr
        for line in self.format(chain=chain):
            print(line, file=file, end="")


class _ExceptionPrintContext:
    """Where a group's printout stands: its nesting depth (two columns of indent and a "| "
    margin per level) and whether the innermost frame still needs its closing line."""

    def __init__(self):
        self.exception_group_depth = 0
        self.need_close = False

    def indent(self):
        return ' ' * (2 * self.exception_group_depth)

    def emit(self, text_gen, margin_char=None):
        prefix = self.indent()
        if self.exception_group_depth:
            prefix += (margin_char or '|') + ' '
        for text in ([text_gen] if isinstance(text_gen, str) else text_gen):
            yield ''.join(prefix + line for line in text.splitlines(keepends=True))


def _safe_string(value, what, func=str):
    try:
        return func(value)
    except:
        return f'<{what} {func.__name__}() failed>'
