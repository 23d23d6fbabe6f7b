# linecache: CPython 3.12's cache of source lines, which traceback, pdb, inspect and warnings-style
# code read through getline(). Files are read (through Kiln's sandboxed open, UTF-8) the first time a
# line is asked for and kept as (size, mtime, lines, fullname); checkcache drops entries whose file
# changed or went away; a relative name not found as given is looked up along sys.path; a module's
# __loader__.get_source (module_globals) supplies lines lazily; names in angle brackets such as
# "<string>" or "<frozen os>" have no lines, as in CPython, unless Kiln compiled text under that name
# (the interpreter keeps every compiled file's text: embedded modules, exec'd and generated code).
# Nothing is left out but tokenize's coding-cookie detection (files are read as UTF-8).

import os
import sys

import _traceback

__all__ = ["getline", "clearcache", "checkcache", "lazycache"]

cache = {}  # filename -> (size, mtime, lines, fullname), or (get_lines,) for a lazy entry


def clearcache():
    cache.clear()


def getline(filename, lineno, module_globals=None):
    lines = getlines(filename, module_globals)
    if 1 <= lineno <= len(lines):
        return lines[lineno - 1]
    return ''


def getlines(filename, module_globals=None):
    if filename in cache:
        entry = cache[filename]
        if len(entry) != 1:
            return cache[filename][2]
    try:
        return updatecache(filename, module_globals)
    except MemoryError:
        clearcache()
        return []


def checkcache(filename=None):
    if filename is None:
        filenames = list(cache.keys())
    elif filename in cache:
        filenames = [filename]
    else:
        return
    for filename in filenames:
        entry = cache[filename]
        if len(entry) == 1:  # lazy entries have no file to compare with
            continue
        size, mtime, lines, fullname = entry
        if mtime is None:  # lines from a loader: nothing to check
            continue
        try:
            stat = os.stat(fullname)
        except OSError:
            cache.pop(filename, None)
            continue
        if size != stat.st_size or mtime != stat.st_mtime:
            cache.pop(filename, None)


def _read_lines(fullname):
    try:
        with open(fullname, encoding='utf-8') as fp:
            return fp.readlines()
    except (OSError, UnicodeDecodeError, SyntaxError):
        return None


def updatecache(filename, module_globals=None):
    if filename in cache:
        if len(cache[filename]) != 1:
            cache.pop(filename, None)
    if not filename:
        return []
    # Kiln keeps the text of every file it compiled (the program, its imports, the embedded standard
    # modules, generated fx code): that text first, as reading the file then would have given it.
    text = _traceback.source_text(filename)
    if text is not None:
        lines = text.splitlines(True)
        if lines and not lines[-1].endswith('\n'):
            lines[-1] += '\n'
        cache[filename] = (len(text), None, lines, filename)
        return lines
    if filename.startswith('<') and filename.endswith('>'):
        return []
    fullname = filename
    try:
        stat = os.stat(fullname)
    except OSError:
        basename = filename
        if lazycache(filename, module_globals):
            try:
                data = cache[filename][0]()
            except (ImportError, OSError):
                pass
            else:
                if data is None:
                    return []
                cache[filename] = (len(data), None, [line + '\n' for line in data.splitlines()], fullname)
                return cache[filename][2]
        if os.path.isabs(filename):
            return []
        for dirname in sys.path:
            try:
                fullname = os.path.join(dirname, basename)
            except (TypeError, AttributeError):
                continue
            try:
                stat = os.stat(fullname)
                break
            except (OSError, ValueError):
                pass
        else:
            return []
    lines = _read_lines(fullname)
    if lines is None:
        return []
    if lines and not lines[-1].endswith('\n'):
        lines[-1] += '\n'
    cache[filename] = stat.st_size, stat.st_mtime, lines, fullname
    return lines


def lazycache(filename, module_globals):
    if filename in cache:
        return len(cache[filename]) == 1
    if not filename or (filename.startswith('<') and filename.endswith('>')):
        return False
    if module_globals and '__name__' in module_globals:
        spec = module_globals.get('__spec__')
        name = getattr(spec, 'name', None) or module_globals['__name__']
        loader = getattr(spec, 'loader', None)
        if loader is None:
            loader = module_globals.get('__loader__')
        get_source = getattr(loader, 'get_source', None)
        if name and get_source:
            import functools
            cache[filename] = (functools.partial(get_source, name),)
            return True
    return False
