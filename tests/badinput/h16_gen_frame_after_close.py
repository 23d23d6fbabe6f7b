# badinput: gi_running is False after close
# expect-exit: 0
# expect-stdout: False
def g():
    yield 1
x = g()
next(x)
x.close()
print(x.gi_running)
