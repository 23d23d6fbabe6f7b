# badinput: send to a finished generator raises StopIteration
# expect-exit: 0
# expect-stdout: stopped False
def g():
    yield 1
it = g()
list(it)
try:
    it.send(None)
except StopIteration:
    print('stopped', it.gi_running)
