# logging.config: CPython 3.12's dictConfig and fileConfig, which training projects call to set up
# their loggers from a dict (often read from YAML/JSON) or an ini file. dictConfig: schema version 1,
# formatters (format/datefmt/style/validate/defaults, class or '()' factories), filters, handlers
# (class or '()', level, formatter, filters, '.' properties, any other keys as keyword arguments,
# 'ext://sys.stdout'-style and 'cfg://...' values, MemoryHandler targets configured after their
# target), loggers and root (level, handlers, filters, propagate), disable_existing_loggers and
# incremental; every failure is the ValueError CPython raises ("Unable to configure handler 'x'")
# chained from its cause. fileConfig: the ini format with [loggers]/[handlers]/[formatters] key
# lists, handler args/kwargs evaluated in the logging namespace. Left out: listen()/stopListening()
# (a socket server thread) and QueueHandler's listener thread configuration.

import re
import logging
import logging.handlers

__all__ = ['dictConfig', 'fileConfig', 'valid_ident', 'DictConfigurator', 'BaseConfigurator',
           'ConvertingDict', 'ConvertingList', 'ConvertingTuple', 'IDENTIFIER']

IDENTIFIER = re.compile('^[a-z_][a-z0-9_]*$', re.I)


def valid_ident(s):
    if not IDENTIFIER.match(s):
        raise ValueError('Not a valid Python identifier: %r' % s)
    return True


def _resolve(name):
    # a dotted name to the object, importing modules along the way
    parts = name.split('.')
    used = parts.pop(0)
    found = __import__(used)
    for part in parts:
        used += '.' + part
        try:
            found = getattr(found, part)
        except AttributeError:
            __import__(used)
            found = getattr(found, part)
    return found


def _strip_spaces(alist):
    return [x.strip() for x in alist]


def _clear_existing_handlers():
    # every handler made so far is flushed and closed (logging._handlers is Kiln's list of them,
    # CPython's _handlerList)
    handlers = list(logging._handlers)
    logging.shutdown(handlers)
    del logging._handlers[:]


def _handle_existing_loggers(existing, child_loggers, disable_existing):
    # loggers the configuration did not name: children of named ones are reset to pass records up,
    # the others are disabled when disable_existing_loggers is true
    root = logging.root
    for name in existing:
        logger = root.manager.loggerDict[name]
        if name in child_loggers:
            if not isinstance(logger, logging.PlaceHolder):
                logger.setLevel(logging.NOTSET)
                logger.handlers = []
                logger.propagate = True
        else:
            logger.disabled = disable_existing


def _split_existing(existing, name, child_loggers):
    # takes `name` out of the sorted existing names, noting its descendants
    if name in existing:
        i = existing.index(name) + 1
        prefixed = name + '.'
        while i < len(existing):
            if existing[i][:len(prefixed)] == prefixed:
                child_loggers.append(existing[i])
            i += 1
        existing.remove(name)


# ---- dictConfig ---------------------------------------------------------------------------------------

class _Converting:
    # the containers of a configuration convert their values when read: nested dicts, lists and
    # tuples into converting ones, 'ext://' and 'cfg://' strings into what they name
    def convert(self, value):
        result = self.configurator.convert(value)
        if value is not result and isinstance(result, _Converting):
            result.parent = self
        return result

    def convert_with_key(self, key, value, replace=True):
        result = self.convert(value)
        if value is not result:
            if replace:
                self[key] = result
            if isinstance(result, _Converting):
                result.parent = self
                result.key = key
        return result


class ConvertingDict(dict, _Converting):
    def __getitem__(self, key):
        return self.convert_with_key(key, dict.__getitem__(self, key))

    def get(self, key, default=None):
        return self.convert_with_key(key, dict.get(self, key, default))

    def pop(self, key, default=None):
        return self.convert_with_key(key, dict.pop(self, key, default), replace=False)


class ConvertingList(list, _Converting):
    def __getitem__(self, key):
        return self.convert_with_key(key, list.__getitem__(self, key))

    def pop(self, idx=-1):
        return self.convert(list.pop(self, idx))


class ConvertingTuple(tuple, _Converting):
    def __getitem__(self, key):
        return self.convert_with_key(key, tuple.__getitem__(self, key), replace=False)


class BaseConfigurator:
    CONVERT_PATTERN = re.compile(r'^(?P<prefix>[a-z]+)://(?P<suffix>.*)$')
    WORD_PATTERN = re.compile(r'^\s*(\w+)\s*')
    DOT_PATTERN = re.compile(r'^\.\s*(\w+)\s*')
    INDEX_PATTERN = re.compile(r'^\[\s*(\w+)\s*\]\s*')
    DIGIT_PATTERN = re.compile(r'^\d+$')
    value_converters = {'ext': 'ext_convert', 'cfg': 'cfg_convert'}
    importer = staticmethod(__import__)

    def __init__(self, config):
        self.config = ConvertingDict(config)
        self.config.configurator = self

    def resolve(self, s):
        parts = s.split('.')
        used = parts.pop(0)
        try:
            found = self.importer(used)
            for part in parts:
                used += '.' + part
                try:
                    found = getattr(found, part)
                except AttributeError:
                    self.importer(used)
                    found = getattr(found, part)
            return found
        except ImportError as e:
            raise ValueError('Cannot resolve %r: %s' % (s, e)) from e

    def ext_convert(self, value):
        return self.resolve(value)

    def cfg_convert(self, value):
        # 'handlers.console' or 'formatters[brief]': a path into the configuration itself
        m = self.WORD_PATTERN.match(value)
        if m is None:
            raise ValueError('Unable to convert %r' % value)
        rest = value[m.end():]
        d = self.config[m.groups()[0]]
        while rest:
            m = self.DOT_PATTERN.match(rest)
            if m:
                d = d[m.groups()[0]]
            else:
                m = self.INDEX_PATTERN.match(rest)
                if m:
                    idx = m.groups()[0]
                    if not self.DIGIT_PATTERN.match(idx):
                        d = d[idx]
                    else:
                        try:
                            d = d[int(idx)]
                        except TypeError:
                            d = d[idx]
            if not m:
                raise ValueError('Unable to convert %r at %r' % (value, rest))
            rest = rest[m.end():]
        return d

    def convert(self, value):
        if not isinstance(value, ConvertingDict) and isinstance(value, dict):
            value = ConvertingDict(value)
            value.configurator = self
        elif not isinstance(value, ConvertingList) and isinstance(value, list):
            value = ConvertingList(value)
            value.configurator = self
        elif not isinstance(value, ConvertingTuple) and isinstance(value, tuple) and not hasattr(value, '_fields'):
            value = ConvertingTuple(value)
            value.configurator = self
        elif isinstance(value, str):
            m = self.CONVERT_PATTERN.match(value)
            if m:
                converter = self.value_converters.get(m.group('prefix'))
                if converter:
                    value = getattr(self, converter)(m.group('suffix'))
        return value

    def configure_custom(self, config):
        c = config.pop('()')
        if not callable(c):
            c = self.resolve(c)
        kwargs = {k: config[k] for k in config if k != '.' and valid_ident(k)}
        result = c(**kwargs)
        props = config.pop('.', None)
        if props:
            for name, value in props.items():
                setattr(result, name, value)
        return result

    def as_tuple(self, value):
        if isinstance(value, list):
            value = tuple(value)
        return value


class DictConfigurator(BaseConfigurator):
    def configure(self):
        config = self.config
        if 'version' not in config:
            raise ValueError("dictionary doesn't specify a version")
        if config['version'] != 1:
            raise ValueError('Unsupported version: %s' % config['version'])
        incremental = config.pop('incremental', False)
        if incremental:
            self._configure_incremental(config)
            return
        disable_existing = config.pop('disable_existing_loggers', True)
        _clear_existing_handlers()
        formatters = config.get('formatters', {})
        for name in formatters:
            try:
                formatters[name] = self.configure_formatter(formatters[name])
            except Exception as e:
                raise ValueError('Unable to configure formatter %r' % name) from e
        filters = config.get('filters', {})
        for name in filters:
            try:
                filters[name] = self.configure_filter(filters[name])
            except Exception as e:
                raise ValueError('Unable to configure filter %r' % name) from e
        handlers = config.get('handlers', {})
        deferred = []
        for name in sorted(handlers):
            try:
                handler = self.configure_handler(handlers[name])
                handler.name = name
                handlers[name] = handler
            except Exception as e:
                if ' not configured yet' in str(e.__cause__):
                    deferred.append(name)  # a MemoryHandler whose target comes later in the order
                else:
                    raise ValueError('Unable to configure handler %r' % name) from e
        for name in deferred:
            try:
                handler = self.configure_handler(handlers[name])
                handler.name = name
                handlers[name] = handler
            except Exception as e:
                raise ValueError('Unable to configure handler %r' % name) from e
        existing = sorted(logging.root.manager.loggerDict.keys())
        child_loggers = []
        loggers = config.get('loggers', {})
        for name in loggers:
            _split_existing(existing, name, child_loggers)
            try:
                self.configure_logger(name, loggers[name])
            except Exception as e:
                raise ValueError('Unable to configure logger %r' % name) from e
        _handle_existing_loggers(existing, child_loggers, disable_existing)
        root = config.get('root', None)
        if root:
            try:
                self.configure_root(root)
            except Exception as e:
                raise ValueError('Unable to configure root logger') from e

    def _configure_incremental(self, config):
        # only levels change: of handlers already named, and of loggers
        handlers = config.get('handlers', {})
        for name in handlers:
            named = [h for h in logging._handlers if h.name == name]
            if not named:
                raise ValueError('No handler found with name %r' % name)
            try:
                level = handlers[name].get('level', None)
                if level:
                    named[-1].setLevel(logging._checkLevel(level))
            except Exception as e:
                raise ValueError('Unable to configure handler %r' % name) from e
        loggers = config.get('loggers', {})
        for name in loggers:
            try:
                self.configure_logger(name, loggers[name], True)
            except Exception as e:
                raise ValueError('Unable to configure logger %r' % name) from e
        root = config.get('root', None)
        if root:
            try:
                self.configure_root(root, True)
            except Exception as e:
                raise ValueError('Unable to configure root logger') from e

    def configure_formatter(self, config):
        if '()' in config:
            factory = config['()']
            try:
                return self.configure_custom(config)
            except TypeError as te:
                # a factory taking fmt= where the configuration says format
                if "'format'" not in str(te):
                    raise
                config['fmt'] = config.pop('format')
                config['()'] = factory
                return self.configure_custom(config)
        fmt = config.get('format', None)
        dfmt = config.get('datefmt', None)
        style = config.get('style', '%')
        cname = config.get('class', None)
        defaults = config.get('defaults', None)
        c = _resolve(cname) if cname else logging.Formatter
        kwargs = {}
        if defaults is not None:
            kwargs['defaults'] = defaults
        if 'validate' in config:
            return c(fmt, dfmt, style, config['validate'], **kwargs)
        return c(fmt, dfmt, style, **kwargs)

    def configure_filter(self, config):
        if '()' in config:
            return self.configure_custom(config)
        return logging.Filter(config.get('name', ''))

    def add_filters(self, filterer, filters):
        for f in filters:
            try:
                if callable(f) or callable(getattr(f, 'filter', None)):
                    filter_ = f
                else:
                    filter_ = self.config['filters'][f]
                filterer.addFilter(filter_)
            except Exception as e:
                raise ValueError('Unable to add filter %r' % f) from e

    def configure_handler(self, config):
        config_copy = dict(config)  # restored when the handler is deferred
        formatter = config.pop('formatter', None)
        if formatter:
            try:
                formatter = self.config['formatters'][formatter]
            except Exception as e:
                raise ValueError('Unable to set formatter %r' % formatter) from e
        level = config.pop('level', None)
        filters = config.pop('filters', None)
        if '()' in config:
            factory = config.pop('()')
            if not callable(factory):
                factory = self.resolve(factory)
        else:
            cname = config.pop('class')
            klass = cname if callable(cname) else self.resolve(cname)
            if issubclass(klass, logging.handlers.MemoryHandler) and 'target' in config:
                try:
                    tn = config['target']
                    th = self.config['handlers'][tn]
                    if not isinstance(th, logging.Handler):
                        config.update(config_copy)
                        raise TypeError('target not configured yet')
                    config['target'] = th
                except Exception as e:
                    raise ValueError('Unable to set target handler %r' % tn) from e
            factory = klass
        kwargs = {k: config[k] for k in config if k != '.' and valid_ident(k)}
        try:
            result = factory(**kwargs)
        except TypeError as te:
            # handlers written for Python 2 named their stream argument strm
            if "'stream'" not in str(te):
                raise
            kwargs['strm'] = kwargs.pop('stream')
            result = factory(**kwargs)
        if formatter:
            result.setFormatter(formatter)
        if level is not None:
            result.setLevel(logging._checkLevel(level))
        if filters:
            self.add_filters(result, filters)
        props = config.pop('.', None)
        if props:
            for name, value in props.items():
                setattr(result, name, value)
        return result

    def add_handlers(self, logger, handlers):
        for h in handlers:
            try:
                logger.addHandler(self.config['handlers'][h])
            except Exception as e:
                raise ValueError('Unable to add handler %r' % h) from e

    def common_logger_config(self, logger, config, incremental=False):
        level = config.get('level', None)
        if level is not None:
            logger.setLevel(logging._checkLevel(level))
        if not incremental:
            for h in logger.handlers[:]:
                logger.removeHandler(h)
            handlers = config.get('handlers', None)
            if handlers:
                self.add_handlers(logger, handlers)
            filters = config.get('filters', None)
            if filters:
                self.add_filters(logger, filters)

    def configure_logger(self, name, config, incremental=False):
        logger = logging.getLogger(name)
        self.common_logger_config(logger, config, incremental)
        logger.disabled = False
        propagate = config.get('propagate', None)
        if propagate is not None:
            logger.propagate = propagate

    def configure_root(self, config, incremental=False):
        self.common_logger_config(logging.getLogger(), config, incremental)


dictConfigClass = DictConfigurator


def dictConfig(config):
    dictConfigClass(config).configure()


# ---- fileConfig ---------------------------------------------------------------------------------------

def fileConfig(fname, defaults=None, disable_existing_loggers=True, encoding=None):
    import configparser
    import os
    if isinstance(fname, str):
        if not os.path.exists(fname):
            raise FileNotFoundError(f"{fname} doesn't exist")
        elif not os.path.getsize(fname):
            raise RuntimeError(f'{fname} is an empty file')
    if isinstance(fname, configparser.RawConfigParser):
        cp = fname
    else:
        try:
            cp = configparser.ConfigParser(defaults)
            if hasattr(fname, 'readline'):
                cp.read_file(fname)
            else:
                cp.read(fname, encoding=encoding)
        except configparser.ParsingError as e:
            raise RuntimeError(f'{fname} is invalid: {e}')
    formatters = _create_formatters(cp)
    _clear_existing_handlers()
    handlers = _install_handlers(cp, formatters)
    _install_loggers(cp, handlers, disable_existing_loggers)


def _create_formatters(cp):
    names = cp['formatters']['keys']
    if not len(names):
        return {}
    formatters = {}
    for form in _strip_spaces(names.split(',')):
        section = 'formatter_%s' % form
        fs = cp.get(section, 'format', raw=True, fallback=None)
        dfs = cp.get(section, 'datefmt', raw=True, fallback=None)
        stl = cp.get(section, 'style', raw=True, fallback='%')
        defaults = cp.get(section, 'defaults', raw=True, fallback=None)
        class_name = cp[section].get('class')
        c = _resolve(class_name) if class_name else logging.Formatter
        if defaults is not None:
            defaults = eval(defaults, vars(logging))
            formatters[form] = c(fs, dfs, stl, defaults=defaults)
        else:
            formatters[form] = c(fs, dfs, stl)
    return formatters


def _install_handlers(cp, formatters):
    names = cp['handlers']['keys']
    if not len(names):
        return {}
    handlers = {}
    fixups = []
    for hand in _strip_spaces(names.split(',')):
        section = cp['handler_%s' % hand]
        klass = section['class']
        fmt = section.get('formatter', '')
        try:
            klass = eval(klass, vars(logging))
        except (AttributeError, NameError):
            klass = _resolve(klass)
        args = eval(section.get('args', '()'), vars(logging))
        kwargs = eval(section.get('kwargs', '{}'), vars(logging))
        h = klass(*args, **kwargs)
        h.name = hand
        if 'level' in section:
            h.setLevel(section['level'])
        if len(fmt):
            h.setFormatter(formatters[fmt])
        if issubclass(klass, logging.handlers.MemoryHandler):
            target = section.get('target', '')
            if len(target):
                fixups.append((h, target))
        handlers[hand] = h
    for h, t in fixups:
        h.setTarget(handlers[t])
    return handlers


def _install_loggers(cp, handlers, disable_existing):
    names = _strip_spaces(cp['loggers']['keys'].split(','))
    names.remove('root')
    section = cp['logger_root']
    root = logging.root
    if 'level' in section:
        root.setLevel(section['level'])
    for h in root.handlers[:]:
        root.removeHandler(h)
    hlist = section['handlers']
    if len(hlist):
        for hand in _strip_spaces(hlist.split(',')):
            root.addHandler(handlers[hand])
    existing = sorted(root.manager.loggerDict.keys())
    child_loggers = []
    for name in names:
        section = cp['logger_%s' % name]
        qn = section['qualname']
        propagate = section.getint('propagate', fallback=1)
        logger = logging.getLogger(qn)
        _split_existing(existing, qn, child_loggers)
        if 'level' in section:
            logger.setLevel(section['level'])
        for h in logger.handlers[:]:
            logger.removeHandler(h)
        logger.propagate = propagate
        logger.disabled = 0
        hlist = section['handlers']
        if len(hlist):
            for hand in _strip_spaces(hlist.split(',')):
                logger.addHandler(handlers[hand])
    _handle_existing_loggers(existing, child_loggers, disable_existing)
