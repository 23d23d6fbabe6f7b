# badinput: popitem then an insert while iterating a dict: CPython's popitem gives the slot back (dk_nentries), so the iterator sees the new key or ends, never 'keys changed'
# expect-exit: 0
# expect-stdout: [1] {7: 7} [1, 7] {1: 1, 7: 7}
def run(d):
    seen = []
    for k in d:
        seen.append(k)
        d.popitem()
        d[7] = 7
    return seen
a = {1: 1}
b = {1: 1, 2: 2}
print(run(a), a, run(b), b)
