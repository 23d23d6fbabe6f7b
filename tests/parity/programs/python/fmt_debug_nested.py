# f-string self-documenting expressions (x=) and nested format specs.
x = 3.14159
n = 42
name = "kiln"
items = [1, 2]
print(f"{x=}")
print(f"{n=}, {name=}")
print(f"{x = }")
print(f"{n=:>6}")
print(f"{x=:.2f}")
print(f"{name=!s}")
print(f"{name=!r:>10}")
print(f"{items=}")
print(f"{n * 2 + 1=}")
print(f"{len(items)=}")
print(f"{ n =}")
print(f"{n=!a}")
print(f"{'a' + 'b'=}")
w, p = 10, 3
print(f"[{x:{w}.{p}f}]")
print(f"[{x:>{w}}]")
print(f"[{n:{'^'}{w}}]")
print(f"[{name:{w}}]")
print(f"[{n:0{w}d}]")
print(f"[{x:{w}.{p}e}]")
print(f"[{n:{'+' if n > 0 else ''}}]")
print(f"{n:,}", f"{12345678:_}", f"{255:#x}", f"{255:#X}", f"{255:#o}", f"{5:#b}")
print(f"{0xdeadbeef:_x}", f"{1234567:_b}")
print(f"{0.25:%}", f"{0.125:.1%}", f"{1234.5:,.2f}")
print(f"{12345.678:e}", f"{12345.678:.3E}", f"{0.000012345:g}", f"{123456789.0:g}", f"{1e-5:.3g}")
print(f"{-0.0:z.1f}", f"{3:=+6}", f"{-3:=+6}", f"{7: d}")
print(f"{{literal}} {n}")
print(f"{'nested {braces}'}")
print(f"{n!r:^9}|")
d = {"k": 5}
print(f"{d['k']}", f"{d['k']=}")
print(f"{3.0=}", f"{True=}", f"{None=}")
