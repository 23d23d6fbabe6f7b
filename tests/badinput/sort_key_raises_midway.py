# badinput: sort key raises midway (issue 31 sweep)
# expect-exit: 0
# expect-stdout: bad key [3, 1, 2]
l = [3, 1, 2]
def k(x):
    if x == 2: raise ValueError('bad key')
    return x
try:
    l.sort(key=k)
except ValueError as e:
    print(e, l)
