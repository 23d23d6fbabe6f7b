# badinput: throw into a never-started generator ends it without running its body
# expect-exit: 0
# expect-stdout: []
def g():
    print('never')
    yield 1
it = g()
try:
    it.throw(IndexError('early'))
except IndexError as e:
    print('raised', e)
print(list(it))
