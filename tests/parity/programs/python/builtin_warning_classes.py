# The builtin warning categories and which ones CPython's default filters hide: programs and
# libraries warn PendingDeprecationWarning (numpy.matlib) or ImportWarning and expect silence.
import builtins
import warnings

names = ['Warning', 'UserWarning', 'DeprecationWarning', 'PendingDeprecationWarning', 'SyntaxWarning',
         'RuntimeWarning', 'FutureWarning', 'ImportWarning', 'UnicodeWarning', 'BytesWarning',
         'ResourceWarning', 'EncodingWarning']
for n in names:
    cls = getattr(builtins, n)
    print(n, cls.__mro__[1].__name__, issubclass(cls, Warning), issubclass(cls, Exception))

with warnings.catch_warnings(record=True) as log:
    warnings.warn('pending', PendingDeprecationWarning)
    warnings.warn('import', ImportWarning)
    warnings.warn('resource', ResourceWarning)
    warnings.warn('user', UserWarning)
    warnings.warn('future', FutureWarning)
    warnings.warn('syntax', SyntaxWarning)
print([(w.category.__name__, str(w.message)) for w in log])

with warnings.catch_warnings(record=True) as log:
    warnings.simplefilter('always')
    warnings.warn('pending', PendingDeprecationWarning)
    warnings.warn('resource', ResourceWarning)
print([(w.category.__name__, str(w.message)) for w in log])

with warnings.catch_warnings():
    warnings.simplefilter('error', PendingDeprecationWarning)
    try:
        warnings.warn('now an error', PendingDeprecationWarning)
    except PendingDeprecationWarning as e:
        print('raised', type(e).__name__, e)

try:
    raise ResourceWarning('unclosed file')
except Warning as e:
    print(type(e).__name__, e.args)
