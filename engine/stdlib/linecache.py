"""linecache for Kiln: the lines of source files, as CPython's module gives them to inspect,
traceback and warnings users. Kiln's interpreter keeps the text of every file it compiled (the
program, its imports, the embedded standard modules, generated fx code): that text comes first,
then the file itself, read through the sandboxed open(). Lines keep their newline; a missing file
gives [] (getline: ''), never an error, as in CPython."""
import _traceback

__all__ = ["getline", "clearcache", "checkcache", "lazycache", "getlines", "updatecache"]

cache = {}


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
    # Kiln's sources do not change under a running program; CPython's stat check has nothing to see.
    return None


def updatecache(filename, module_globals=None):
    if filename in cache and len(cache[filename]) != 1:
        cache.pop(filename, None)
    if not filename or (filename.startswith('<') and filename.endswith('>')):
        text = _traceback.source_text(filename) if filename else None
        if text is None:
            return []
    else:
        text = _traceback.source_text(filename)
    if text is None:
        try:
            with open(filename, encoding='utf-8') as f:
                text = f.read()
        except (OSError, UnicodeDecodeError, ValueError):
            return []
    lines = text.splitlines(True)
    if lines and not lines[-1].endswith('\n'):
        lines[-1] += '\n'
    cache[filename] = (len(text), None, lines, filename)
    return lines


def lazycache(filename, module_globals):
    return False
