# pathlib: pure path arithmetic and the file operations programs use, in the program's directory.
import os
from pathlib import Path, PurePath

p = Path("data") / "train" / "images.csv"
print(p, repr(p), type(p).__name__, isinstance(p, Path), isinstance(p, PurePath))
print(p.name, p.stem, p.suffix, p.parent, p.parent.parent, p.parts)
print(Path("a//b/./c/"), Path(""), Path("/"), Path("/usr") / "lib", "x" / Path("y"), Path("a", "b", "c"))
print(Path("archive.tar.gz").suffixes, Path("archive.tar.gz").suffix, Path("archive.tar.gz").stem, Path(".bashrc").suffix)
print(Path("model.pt").with_suffix(".onnx"), Path("a/b.txt").with_name("c.md"), Path("a/b").with_suffix(".txt"))
print(Path("/a/b/c").relative_to("/a"), Path("/x/y").is_absolute(), Path("x/y").is_absolute(), Path("..").parent)
print(list(Path("/a/b/c").parents), Path("a/b").joinpath("c", "d"))
print(Path("a/b") == Path("a/b/"), Path("a") == Path("b"), sorted([Path("b"), Path("a/z"), Path("a")]))
print(str(Path("x") / "y"), os.fspath(Path("q/r")), Path("data/x.py").match("*.py"), Path("data/x.py").match("a/*.py"))
try:
    Path("a").with_suffix("txt")
except ValueError as e:
    print("ValueError", e)
try:
    Path("/a/b").relative_to("/c")
except ValueError as e:
    print("ValueError", e)

base = Path("tmp_mod_pathlib_basics")
print(base.exists(), base.is_dir())
(base / "sub" / "deeper").mkdir(parents=True)
base.mkdir(exist_ok=True)
try:
    base.mkdir()
except FileExistsError as e:
    print("FileExistsError", e)
try:
    Path("tmp_mod_pathlib_missing/x").mkdir()
except FileNotFoundError as e:
    print("FileNotFoundError", e)
f = base / "notes.txt"
print(f.write_text("line one\nline two\n"), f.exists(), f.is_file(), f.is_dir())
print(repr(f.read_text()), f.read_text().splitlines())
with f.open("a") as h:
    h.write("line three\n")
with f.open() as h:
    print(len(h.readlines()))
(base / "b.csv").write_text("1,2\n")
(base / "sub" / "c.csv").write_text("3,4\n")
(base / "sub" / "deeper" / "d.csv").write_text("5,6\n")
print(sorted(base.iterdir()))
print(sorted(p.name for p in base.iterdir()))
print(sorted(base.glob("*.csv")), sorted(base.glob("*/*.csv")))
print(sorted(base.rglob("*.csv")))
print(sorted(x.relative_to(base) for x in base.glob("**/*.csv")))
print(f.stat().st_size, Path.cwd() == Path(os.getcwd()), f.absolute().is_absolute())
(base / "empty.txt").touch()
print((base / "empty.txt").read_text() == "", (base / "empty.txt").stat().st_size)
moved = f.rename(base / "renamed.txt")
print(moved, f.exists(), moved.exists())
moved.unlink()
moved.unlink(missing_ok=True)
try:
    moved.unlink()
except FileNotFoundError as e:
    print("FileNotFoundError", e)
import shutil
shutil.rmtree(base)
print(base.exists())
