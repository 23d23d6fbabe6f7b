# sys attributes (version_info, maxsize, float_info, int_info, hash_info, getsizeof, exit), os.path
# joins and splits, environ, makedirs/listdir/walk/glob, shutil copy/move/rmtree, TemporaryDirectory
# and platform, in tmp_ directories the program removes.
import os, sys, platform, shutil, tempfile, glob
print(sys.version_info[:2] >= (3, 8), type(sys.argv).__name__, sys.argv[0].endswith('.py'), sys.maxsize == 2 ** 63 - 1, sys.byteorder, sys.getrecursionlimit() > 100)
print(type(sys.path).__name__, 'os' in sys.modules, sys.float_info.max, sys.float_info.epsilon, sys.int_info.bits_per_digit in (15, 30), sys.hash_info.width)
print(os.path.join('a', 'b', 'c.txt'), os.path.splitext('x/y.tar.gz'), os.path.basename('/a/b/c'), os.path.dirname('/a/b/c'), os.path.split('a/b'))
print(os.path.normpath('a//b/../c/.'), os.path.isabs('/x'), os.path.relpath('a/b/c', 'a'), os.path.commonprefix(['abc', 'abd']), os.sep, os.extsep)
os.environ['KILN_PROBE_X'] = '1'
print(os.environ.get('KILN_PROBE_X'), os.getenv('KILN_PROBE_NOPE', 'dflt'), 'KILN_PROBE_X' in os.environ)
d = 'tmp_mod_os_sys_dir'
os.makedirs(os.path.join(d, 'sub'), exist_ok=True)
with open(os.path.join(d, 'f.txt'), 'w') as f:
    f.write('x')
print(sorted(os.listdir(d)), os.path.exists(d), os.path.isdir(d), os.path.isfile(os.path.join(d, 'f.txt')), os.path.getsize(os.path.join(d, 'f.txt')))
print(sorted(glob.glob(os.path.join(d, '*'))), [(os.path.basename(r), sorted(ds), sorted(fs)) for r, ds, fs in os.walk(d)])
shutil.copy(os.path.join(d, 'f.txt'), os.path.join(d, 'g.txt'))
shutil.move(os.path.join(d, 'g.txt'), os.path.join(d, 'sub', 'h.txt'))
print(sorted(os.listdir(os.path.join(d, 'sub'))))
os.remove(os.path.join(d, 'f.txt'))
shutil.rmtree(d)
print(os.path.exists(d))
with tempfile.TemporaryDirectory() as td:
    p = os.path.join(td, 'x.txt')
    with open(p, 'w') as f:
        f.write('tmp')
    print(open(p).read(), os.path.isdir(td))
print(os.path.exists(td))
print(platform.system() in ('Linux', 'Darwin', 'Emscripten'), type(platform.python_version()).__name__, os.name, os.curdir, os.pardir)
print(sys.stdout.write('written\n'), sys.stdout.isatty() in (True, False), sys.stderr is not None, callable(sys.exit), hasattr(sys, 'getsizeof'))
print(sys.getsizeof(0), sys.getsizeof(1), sys.getsizeof([]), sys.getsizeof([1, 2]), sys.getsizeof(''), sys.getsizeof('abc'), sys.getsizeof(()), sys.getsizeof({}))
try:
    sys.exit(0)
except SystemExit as e:
    print('SystemExit', e.code)
print(os.cpu_count() is None or os.cpu_count() >= 1, isinstance(os.getpid(), int), os.path.expanduser('~') != '~' or True)
