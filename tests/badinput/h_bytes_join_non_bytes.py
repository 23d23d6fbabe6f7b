# badinput: bytes join non bytes (CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: TypeError: sequence item 1: expected a bytes-like object, str found
print(b",".join([b"a", "b"]))
