# logging's Formatter layouts (%-style widths, {-style, defaults=), handler levels and filters,
# logger.exception's traceback, the logger hierarchy, LoggerAdapter, LogRecord and basicConfig(force).
import logging, sys, io
stream = io.StringIO()
logger = logging.getLogger('train')
logger.setLevel(logging.DEBUG)
h = logging.StreamHandler(stream)
h.setFormatter(logging.Formatter('%(levelname)-8s %(name)s:%(lineno)d %(message)s'))
logger.addHandler(h)
logger.debug('debug %d', 1)
logger.info('info %s', 'x')
logger.warning('warn %r', [1, 2])
try:
    1 / 0
except ZeroDivisionError:
    logger.exception('boom')
child = logging.getLogger('train.sub')
child.error('from child')
print(stream.getvalue().split('Traceback')[0])
print('ZeroDivisionError: division by zero' in stream.getvalue())
print(child.parent.name, child.getEffectiveLevel(), logging.getLevelName(20), logging.getLevelName('WARNING'))
s2 = io.StringIO()
h2 = logging.StreamHandler(s2)
h2.setFormatter(logging.Formatter('{levelname}|{message}', style='{'))
h2.setLevel(logging.WARNING)
logger.addHandler(h2)
logger.info('hidden')
logger.critical('shown %s', 'c')
print(repr(s2.getvalue()))
class F(logging.Filter):
    def filter(self, rec):
        return 'secret' not in rec.getMessage()
h2.addFilter(F())
logger.error('a secret')
logger.error('public')
print(repr(s2.getvalue()))
logger.propagate = False
ad = logging.LoggerAdapter(logger, {'user': 'u'})
ad.warning('adapted')
print(repr(s2.getvalue().splitlines()[-1]))
print(logging.DEBUG, logging.INFO, logging.WARN, logging.FATAL, logger.isEnabledFor(5))
r = logging.LogRecord('n', logging.INFO, 'f.py', 3, 'msg %s', ('a',), None)
print(r.getMessage(), r.levelname, r.lineno, r.name)
fmt = logging.Formatter('%(message)s [%(custom)s]', defaults={'custom': 'dflt'})
print(fmt.format(r))
logging.basicConfig(stream=sys.stdout, level=logging.INFO, format='%(levelname)s:%(message)s', force=True)
logging.info('root info')
logging.getLogger('other').warning('other warn')
