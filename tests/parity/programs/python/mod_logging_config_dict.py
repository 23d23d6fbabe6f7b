# logging.config as training projects configure logging: dictConfig with formatters (format,
# datefmt, '{' style, '()' factories), filters, handlers (StreamHandler on ext://sys.stdout,
# FileHandler, NullHandler, a MemoryHandler whose target is configured after it), loggers with
# propagate, root, disable_existing_loggers, incremental level changes, cfg:// references, the
# ValueErrors of bad configurations (chained causes), and fileConfig from an ini file.
import logging
import logging.config
import os
import sys
import tempfile

early = logging.getLogger('early.module')
early_child = logging.getLogger('app.db.pool')

d = tempfile.mkdtemp()
logfile = os.path.join(d, 'train.log')


class OnlyEven:
    def filter(self, record):
        return isinstance(record.args, tuple) and record.args[:1] != () and isinstance(record.args[0], int) and record.args[0] % 2 == 0


def make_formatter(fmt):
    return logging.Formatter('[custom] ' + fmt)


config = {
    'version': 1,
    'paths': {'log': logfile},
    'disable_existing_loggers': True,
    'formatters': {
        'brief': {'format': '%(levelname)s %(name)s: %(message)s'},
        'braces': {'format': '{levelname:<8}|{message}', 'style': '{'},
        'factory': {'()': make_formatter, 'fmt': '%(message)s'},
    },
    'filters': {
        'even': {'()': OnlyEven},
        'app_only': {'name': 'app'},
    },
    'handlers': {
        'console': {'class': 'logging.StreamHandler', 'stream': 'ext://sys.stdout', 'formatter': 'brief',
                    'level': 'INFO'},
        'braced': {'class': 'logging.StreamHandler', 'stream': 'ext://sys.stdout', 'formatter': 'braces'},
        'buffer': {'class': 'logging.handlers.MemoryHandler', 'capacity': 2, 'target': 'console'},
        'file': {'class': 'logging.FileHandler', 'filename': 'cfg://paths[log]', 'mode': 'w', 'formatter': 'factory',
                 'filters': ['even']},
        'quiet': {'class': 'logging.NullHandler'},
    },
    'loggers': {
        'app': {'level': 'DEBUG', 'handlers': ['braced', 'file'], 'propagate': False},
        'app.db': {'handlers': ['quiet'], 'filters': ['app_only']},
        'buffered': {'handlers': ['buffer'], 'propagate': False, 'level': 'DEBUG'},
    },
    'root': {'level': 'WARNING', 'handlers': ['console']},
}
logging.config.dictConfig(config)
app = logging.getLogger('app')
app.debug('step %d', 1)
app.info('step %d', 2)
logging.getLogger('app.db').warning('db slow')
logging.warning('root warning')
logging.info('root info is below WARNING')
early.error('disabled logger says nothing')
print(early.disabled, early_child.disabled, early_child.level, early_child.propagate)
buf = logging.getLogger('buffered')
buf.info('first buffered')
print('-- before flush')
buf.info('second buffered')
with open(logfile) as f:
    print(repr(f.read()))
h = logging.getLogger().handlers[0]
print(type(h).__name__, h.name, h.level, logging.getLevelName(h.level))
print([type(x).__name__ for x in app.handlers], app.propagate, app.level)

logging.config.dictConfig({'version': 1, 'incremental': True, 'handlers': {'console': {'level': 'DEBUG'}},
                           'loggers': {'app': {'level': 'ERROR'}}})
app.warning('filtered now')
app.error('error %s', 'kept')
print(logging.getLogger().handlers[0].level, app.level)

bad_configs = [
    {},
    {'version': 2},
    {'version': 1, 'handlers': {'h': {'class': 'json.loads'}}},
    {'version': 1, 'handlers': {'h': {'class': 'no_such_module.Handler'}}},
    {'version': 1, 'handlers': {'h': {'class': 'logging.StreamHandler', 'formatter': 'missing'}}},
    {'version': 1, 'formatters': {'f': {'format': '%(message)s', 'style': '?'}}},
    {'version': 1, 'loggers': {'x': {'handlers': ['nope']}}},
    {'version': 1, 'loggers': {'x': {'level': 'LOUD'}}},
    {'version': 1, 'root': {'level': 'NOPE'}},
    {'version': 1, 'handlers': {'h': {'class': 'logging.StreamHandler', 'bad-key': 1}}},
]
for cfg in bad_configs:
    try:
        logging.config.dictConfig(cfg)
        print('ok')
    except ValueError as e:
        cause = e.__cause__
        # (the text of a failed import is left out: Kiln names the modules it provides there)
        print('ValueError:', e, '<-', type(cause).__name__ if cause else None,
              str(cause).partition(': No module')[0] if cause else '')

ini = os.path.join(d, 'logging.ini')
with open(ini, 'w') as f:
    f.write('[loggers]\nkeys=root,trainer\n\n[handlers]\nkeys=out\n\n[formatters]\nkeys=plain\n\n'
            '[logger_root]\nlevel=WARNING\nhandlers=out\n\n'
            '[logger_trainer]\nlevel=DEBUG\nhandlers=out\nqualname=trainer\npropagate=0\n\n'
            '[handler_out]\nclass=StreamHandler\nlevel=DEBUG\nformatter=plain\nargs=(sys.stdout,)\n\n'
            '[formatter_plain]\nformat=ini %(name)s %(levelname)s %(message)s\n')
logging.config.fileConfig(ini)
logging.getLogger('trainer').debug('epoch %d done', 3)
logging.getLogger('other').info('not shown')
logging.getLogger('other').error('shown by root')
print(app.disabled, logging.getLogger('trainer').propagate)
try:
    logging.config.fileConfig(os.path.join(d, 'missing.ini'))
except FileNotFoundError as e:
    print('FileNotFoundError', os.path.basename(str(e)))
