# traceback.format_exc/extract_tb/format_exception_only/print_exception/extract_stack, warnings
# caught, turned into errors and filtered, and pprint of nested configs (width, compact, sort_dicts).
import traceback, warnings, pprint, sys, io
def bad():
    return 1 / 0
try:
    bad()
except ZeroDivisionError:
    tb = traceback.format_exc()
    print(tb.splitlines()[0], tb.splitlines()[-1], 'in bad' in tb)
    et, ev, etb = sys.exc_info()
    print(et.__name__, ev, [fs.name for fs in traceback.extract_tb(etb)])
print(traceback.format_exception_only(ValueError('x'))[0], end='')
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter('always')
    warnings.warn('careful', UserWarning)
    warnings.warn('old', DeprecationWarning)
    print([(x.category.__name__, str(x.message)) for x in w])
with warnings.catch_warnings():
    warnings.simplefilter('error')
    try:
        warnings.warn('now error', RuntimeWarning)
    except RuntimeWarning as e:
        print('raised', e)
warnings.filterwarnings('ignore', category=FutureWarning)
warnings.warn('ignored', FutureWarning)
data = {'model': {'layers': [64, 128, 256], 'act': 'relu', 'dropout': 0.1}, 'opt': {'name': 'adam', 'lr': 0.001, 'betas': (0.9, 0.999)}, 'epochs': list(range(20))}
pprint.pprint(data)
pprint.pprint(data, width=40, compact=True)
print(pprint.pformat({'b': 1, 'a': 2}), pprint.pformat([1, 2], indent=2))
pprint.pprint(data['opt'], sort_dicts=False)
buf = io.StringIO()
traceback.print_exception(ValueError, ValueError('v'), None, file=buf)
print(repr(buf.getvalue()))
stack = traceback.extract_stack()
print(stack[-1].name, type(stack).__name__)
