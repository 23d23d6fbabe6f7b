# linecache: getline/getlines on a file the program writes, out-of-range lines, the cache and
# checkcache after the file changes or goes away, names that have no lines ("<string>"), a lazy
# entry from a loader's get_source, and clearcache.
import linecache
import os

name = 'tmp_mod_linecache_src.txt'
with open(name, 'w') as f:
    f.write('first line\nsecond line\n\nfourth, no newline')
print(repr(linecache.getline(name, 1)), repr(linecache.getline(name, 4)), repr(linecache.getline(name, 3)))
print(repr(linecache.getline(name, 0)), repr(linecache.getline(name, 5)), repr(linecache.getline(name, -1)))
print(linecache.getlines(name))
entry = linecache.cache[name]
print(len(entry), entry[0], entry[2][1], entry[3] == name)
with open(name, 'w') as f:
    f.write('changed\n')
print(repr(linecache.getline(name, 1)))  # still cached
linecache.checkcache(name)
print(name in linecache.cache, repr(linecache.getline(name, 1)))
os.remove(name)
linecache.checkcache()
print(name in linecache.cache, repr(linecache.getline(name, 1)), linecache.getlines('no_such_file_here.py'))
print(linecache.getlines('<string>'), linecache.getline('', 1) == '', linecache.lazycache('<stdin>', {}))


class Loader:
    def get_source(self, name):
        return 'alpha = 1\nbeta = 2\n' if name == 'fake_mod' else None


g = {'__name__': 'fake_mod', '__loader__': Loader()}
print(linecache.lazycache('fake_mod.py', g), linecache.cache['fake_mod.py'][0].__class__.__name__)
print(linecache.lazycache('fake_mod.py', g))
print(repr(linecache.getline('fake_mod.py', 2)), linecache.cache['fake_mod.py'][:2])
print(linecache.getlines('none_mod.py', {'__name__': 'none_mod', '__loader__': Loader()}))
print(linecache.lazycache('x.py', None), linecache.lazycache('x.py', {'__name__': 'x'}))
me = os.path.basename(__file__)
print(repr(linecache.getline(me, 1)))
linecache.clearcache()
print(linecache.cache)
print(linecache.__all__)
