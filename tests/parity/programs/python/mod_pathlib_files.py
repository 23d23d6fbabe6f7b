# pathlib: pure path parts/suffixes/parents/relative_to/match, mkdir/write_text/write_bytes/
# read_*/iterdir/glob/rglob (generators, next() on glob), stat, rename, unlink/rmdir, equality and
# ordering; the TypeError of write_bytes(str). Files are tmp_mod_pathlib_files* and removed.
from pathlib import Path, PurePosixPath, PurePath
import os
p = Path('data') / 'train' / 'img_001.tar.gz'
print(p, p.name, p.stem, p.suffix, p.suffixes, p.parent, p.parts, p.parent.name, str(p.parents[1]))
print(p.with_suffix('.zip'), p.with_name('x.txt'), p.with_stem('y') if hasattr(p, 'with_stem') else '', p.as_posix(), p.is_absolute())
print(PurePosixPath('/a/b/../c').parts, PurePath('a', 'b', '/c'), Path('a/b').joinpath('c', 'd'), Path('.') / 'x')
print(Path('a/b/c.py').relative_to('a'), Path('a/b').match('*/b'), Path('x.py').match('*.py'), Path('/x/y').anchor, Path('a').root)
d = Path('tmp_mod_pathlib_files')
d.mkdir(exist_ok=True)
(d / 'sub').mkdir(parents=True, exist_ok=True)
f = d / 'a.txt'
f.write_text('hello\nworld\n')
print(f.read_text().splitlines(), f.exists(), f.is_file(), d.is_dir(), f.stat().st_size)
(d / 'b.bin').write_bytes(b'\x00\x01')
(d / 'sub' / 'c.txt').write_text('c')
print(sorted(x.name for x in d.iterdir()), sorted(str(x.relative_to(d)) for x in d.glob('*.txt')), sorted(str(x.relative_to(d)) for x in d.rglob('*.txt')))
with f.open('a') as fh:
    fh.write('more\n')
print(f.read_text().count('\n'), (d / 'b.bin').read_bytes())
f2 = f.rename(d / 'renamed.txt')
print(f2.name, f.exists(), f2.exists())
for x in sorted(d.rglob('*'), key=lambda q: len(str(q)), reverse=True):
    if x.is_file():
        x.unlink()
    else:
        x.rmdir()
d.rmdir()
print(d.exists(), Path('nonexistent').exists(), Path.cwd() == Path(os.getcwd()), isinstance(p, PurePath))
print(sorted([Path('b'), Path('a')]), Path('a') == Path('a/'), hash(Path('a')) == hash(Path('a')), repr(Path('q/r')))
print(os.fspath(Path('z')), str(Path('~').expanduser()) != '', Path('a.b.c').suffix, Path('.bashrc').suffix, Path('a/').name)
d = Path('tmp_mod_pathlib_files2'); d.mkdir(); (d / 'a.pt').write_text('x'); (d / 'b.pt').write_text('y')
g = d.glob('*.pt'); print(type(g).__name__, next(g).name, sorted(q.name for q in d.iterdir()), type(d.iterdir()).__name__)
print(max(d.glob('*.pt'), key=lambda q: q.name).name, (d / 'a.pt').stat().st_mode & 0o170000 == 0o100000)
try:
    (d / 'c').write_bytes('str')
except TypeError as e:
    print('TypeError', e)
for q in list(d.iterdir()):
    q.unlink()
d.rmdir()
