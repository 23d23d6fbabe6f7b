# badinput: an ExceptionGroup nested 5000 deep, matched by except*: split walks it without a C stack overflow
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in exceptiongroup_split_recursive
eg = ValueError("leaf")
for i in range(5000):
    eg = ExceptionGroup("g", [eg])
try:
    raise eg
except* ValueError as m:
    print("caught", type(m).__name__)
