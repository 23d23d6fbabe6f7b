# importlib: import_module (absolute and relative names, as __import__ with a package) and
# invalidate_caches; reload raises NotImplementedError (a module's code runs once per program in
# Kiln), so a program relying on re-execution learns it at once.

__all__ = ['import_module', 'invalidate_caches', 'reload']


def import_module(name, package=None):
    level = 0
    if name.startswith('.'):
        if not package:
            raise TypeError("the 'package' argument is required to perform a relative import for %r" % name)
        for character in name:
            if character != '.':
                break
            level += 1
        base = package.rsplit('.', level - 1)[0] if level > 1 else package
        name = base + '.' + name[level:] if name[level:] else base
    return __import__(name, fromlist=['_'])


def invalidate_caches():
    pass


def reload(module):
    raise NotImplementedError("importlib.reload is not supported in Kiln: a module's code runs once per program")
