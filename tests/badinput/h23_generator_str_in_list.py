# badinput: a generator inside a list's repr and str()
# expect-exit: 0
# expect-stdout: [<generator object g at ADDR>] <generator object g at ADDR>
import re
def g():
    yield
print(re.sub(r'0x[0-9a-f]+', 'ADDR', str([g()]) + ' ' + f'{g()}'))
