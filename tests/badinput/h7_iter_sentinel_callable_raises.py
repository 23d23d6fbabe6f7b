# badinput: iter(callable, sentinel) whose callable raises
# expect-exit: 1
# expect-stderr: ConnectionError: cb
def f(): raise ConnectionError('cb')
list(iter(f, None))
