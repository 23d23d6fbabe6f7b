# badinput: a group whose source list is mutated to hold the group after construction: .exceptions is the tuple copied at construction (h14 sweep)
# expect-exit: 0
# expect-stdout: ExceptionGroup('x', [ValueError()])
l = [ValueError()]
e = ExceptionGroup('x', l)
l.append(e)
print(repr(e.exceptions), len(e.exceptions))
try:
    raise e
except* ValueError as m:
    print(repr(m))
