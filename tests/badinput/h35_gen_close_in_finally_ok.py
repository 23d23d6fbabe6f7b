# badinput: generator close() re-raising GeneratorExit ends cleanly
# expect-exit: 0
# expect-stdout: closed []
def g():
    try:
        yield 1
    except GeneratorExit:
        print("exit")
        raise
x = g()
next(x)
x.close()
print("closed", list(x))
