# badinput: send() to a closed generator raises StopIteration
# expect-exit: 0
# expect-stdout: stop
def g():
    yield 1
x = g()
x.close()
try:
    x.send(None)
except StopIteration:
    print("stop")
