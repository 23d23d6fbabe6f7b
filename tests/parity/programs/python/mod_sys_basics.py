# sys: argv, version_info, platform constants, stdout/stderr objects, recursion limit, SystemExit.
import sys

print(type(sys.argv).__name__, len(sys.argv))
print(sys.argv[0])
print(sys.version_info[0], sys.version_info[1], sys.version_info.major, sys.version_info.minor)
print(sys.version_info >= (3, 8), sys.version_info < (4,), sys.version_info[:2] == (3, 11))
print(sys.version.startswith("3.11"))
print(sys.platform in ("linux", "emscripten", "darwin", "win32"))
print(sys.maxsize, sys.maxsize == 9223372036854775807)
print(sys.byteorder)

n = sys.stdout.write("written with sys.stdout.write\n")
print("write returned", n)
sys.stdout.write("no newline, ")
sys.stdout.write("then one\n")
sys.stdout.flush()
print(repr(sys.stdout))
print(repr(sys.stderr))
print(sys.stdout.name, sys.stderr.name)
print("this goes to stderr", file=sys.stderr)
sys.stderr.write("and so does this\n")
print("print(file=sys.stdout) goes to stdout", file=sys.stdout)
print("sep", "end", sep="-", end="!\n", file=sys.stdout)

print(sys.getrecursionlimit())
sys.setrecursionlimit(500)
print(sys.getrecursionlimit())
sys.setrecursionlimit(1000)
try:
    sys.setrecursionlimit(0)
except ValueError as e:
    print("ValueError", e)

for arg in [None, 0, 3, "a message", [1, 2]]:
    try:
        if arg is None:
            sys.exit()
        sys.exit(arg)
    except SystemExit as e:
        print("SystemExit", repr(e.code), e.args, isinstance(e, Exception), isinstance(e, BaseException))

try:
    raise SystemExit(7)
except BaseException as e:
    print(type(e).__name__, e.code)

try:
    raise ValueError("inside")
except ValueError:
    t, v, tb = sys.exc_info()
    print(t.__name__, v)
print(sys.exc_info()[0])
print(sys.float_info.max, sys.float_info.epsilon, sys.float_info.dig, sys.float_info.mant_dig, sys.float_info[0] == sys.float_info.max)
print(sys.float_info)
print(sys.version_info[:3] >= (3, 11, 0), len(sys.version_info), list(sys.version_info)[:2])
