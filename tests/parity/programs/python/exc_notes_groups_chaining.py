# Exception notes (add_note, __notes__ in format_exception_only), except* over an ExceptionGroup,
# split/subgroup, BaseExceptionGroup, __cause__/__context__/__suppress_context__, custom __str__,
# empty-group errors, reprs, assert messages, a generator's finally when a loop breaks.
import traceback, sys
try:
    raise ValueError('bad')
except ValueError as e:
    e.add_note('note one')
    e.add_note('note two')
    print(e.__notes__)
    print(''.join(traceback.format_exception_only(e)), end='')
def risky():
    raise ExceptionGroup('many', [ValueError('v1'), TypeError('t1'), ValueError('v2')])
try:
    risky()
except* ValueError as eg:
    print('values', [str(x) for x in eg.exceptions])
except* TypeError as eg:
    print('types', [str(x) for x in eg.exceptions])
eg = ExceptionGroup('top', [ValueError('a'), ExceptionGroup('inner', [KeyError('k')])])
print(eg, eg.message, len(eg.exceptions), repr(eg.exceptions[0]))
match, rest = eg.split(ValueError)
print(match, rest)
print(eg.subgroup(lambda e: isinstance(e, KeyError)))
try:
    raise BaseExceptionGroup('b', [KeyboardInterrupt()])
except BaseExceptionGroup as e:
    print(type(e).__name__, e.exceptions)
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise RuntimeError('wrapped') from e
except RuntimeError as e:
    print(repr(e.__cause__), e.__suppress_context__, repr(e.__context__))
try:
    try:
        {}['x']
    except KeyError:
        raise ValueError('during')
except ValueError as e:
    print(repr(e.__context__), e.__cause__)
try:
    raise ValueError('x') from None
except ValueError as e:
    print(e.__suppress_context__, e.__cause__)
class MyErr(Exception):
    def __init__(self, code, msg):
        super().__init__(msg)
        self.code = code
    def __str__(self):
        return f'[{self.code}] {self.args[0]}'
try:
    raise MyErr(5, 'custom')
except MyErr as e:
    print(e, e.args, e.code, repr(e))
try:
    raise ExceptionGroup('eg', [])
except ValueError as e:
    print('ValueError', e)
e = ValueError(1, 2)
print(e.args, str(e), repr(e), str(ValueError()), repr(KeyError('k')), str(KeyError('k')))
print(issubclass(ExceptionGroup, Exception), issubclass(BaseExceptionGroup, BaseException), ExceptionGroup.__mro__[1].__name__)
try:
    assert 1 == 2, 'math broke'
except AssertionError as e:
    print('AssertionError', e)
def gen():
    try:
        yield 1
    finally:
        print('gen cleanup')
for v in gen():
    break
print('after loop')
